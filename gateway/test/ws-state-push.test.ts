import { afterEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './harness.js';
import { restClient } from './rest-client.js';
import { openClient } from './ws-client.js';

let t: TestGateway | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('state pushes (?events=state extension)', () => {
  it('pushes a snapshot after a change from another transport only to sockets that asked for it', async () => {
    t = await startTestGateway();
    const rest = restClient(t, t.keys.pro);
    const sessionId = (await rest.post('/v1/persona', { preset: 'rival' })).body.sessionId as string;
    const watching = await openClient(`${t.wsUrl}/v1/ws/${sessionId}?token=${t.keys.pro}&events=state`);
    const plain = await openClient(`${t.wsUrl}/v1/ws/${sessionId}?token=${t.keys.pro}`);
    await watching.expect('connected');
    await plain.expect('connected');
    const turn = await rest.post('/v1/turn', { sessionId, message: 'You are pathetic.' });
    expect(turn.status).toBe(200);
    const pushed = await watching.expect('state');
    expect((pushed.data as { turns: number }).turns).toBe(1);
    expect((pushed.data as { discrete_emotion: string }).discrete_emotion).toBe(turn.body.discrete_emotion);
    plain.send({ type: 'get_state', request_id: 'only-reply' });
    const reply = await plain.expect('state');
    expect(reply.request_id).toBe('only-reply');
    await watching.close();
    await plain.close();
  });

  it('takes a turn’s summary on the socket, and pushes a snapshot when a memory is forgotten over REST', async () => {
    t = await startTestGateway();
    const rest = restClient(t, t.keys.pro);
    const sessionId = (await rest.post('/v1/persona', { preset: 'rival' })).body.sessionId as string;
    const watching = await openClient(`${t.wsUrl}/v1/ws/${sessionId}?token=${t.keys.pro}&events=state`);
    await watching.expect('connected');
    const summary = 'They told me their dog Rex died';
    watching.send({ type: 'turn', message: 'My dog Rex died. I miss him.', summary, request_id: 't1' });
    expect((await watching.expect('state')).data).toMatchObject({ turns: 1 });
    const result = (await watching.expect('turn_result')).data as { memory: { encoded: string } };
    const listed = (await rest.get(`/v1/persona/${sessionId}/memories`)).body.memories;
    expect(listed.map((m: { id: string; text: string }) => [m.id, m.text])).toEqual([
      [result.memory.encoded, summary],
    ]);
    const forgot = await rest.delete(`/v1/persona/${sessionId}/memories/${result.memory.encoded}`);
    expect(forgot.status).toBe(200);
    // A memory change is a change of the session: the snapshot comes, the same turns as before.
    expect((await watching.expect('state')).data).toMatchObject({ turns: 1 });
    await watching.close();
  });
});
