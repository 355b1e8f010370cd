import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { isRecord } from '../http.js';

/** What the gateway needs from the rest of the fake. */
export interface GatewayOptions {
  server: Server;
  path: string;
  token: string;
  heartbeatInterval: number;
  /** The READY payload of a new session. */
  ready: (sessionId: string) => Record<string, unknown>;
  /** One GUILD_CREATE payload per guild listed in READY. */
  guildCreates: () => Record<string, unknown>[];
  /** Called after every change tests may wait for. */
  onChange: () => void;
}

interface Dispatch {
  op: 0;
  t: string;
  s: number;
  d: unknown;
}

interface Session {
  id: string;
  seq: number;
  /** Dispatches already sent, replayed after RESUME. */
  log: Dispatch[];
  socket: WebSocket | undefined;
}

const Op = {
  Dispatch: 0,
  Heartbeat: 1,
  Identify: 2,
  Resume: 6,
  Reconnect: 7,
  InvalidSession: 9,
  Hello: 10,
} as const;
const IGNORED_OPS = new Set([3, 4, 8]);
const MAX_LOG = 1_000;

/**
 * The fake Discord gateway: HELLO → IDENTIFY → READY → GUILD_CREATE, heartbeat ACKs, dispatches to every
 * session, and RESUME with replay of the events a session missed.
 */
export class FakeGateway {
  readonly #options: GatewayOptions;
  readonly #wss: WebSocketServer;
  readonly #sessions = new Map<string, Session>();
  #identifies = 0;
  #resumes = 0;

  constructor(options: GatewayOptions) {
    this.#options = options;
    this.#wss = new WebSocketServer({ server: options.server, path: options.path });
    this.#wss.on('connection', (socket) => this.#accept(socket));
  }

  /** How many IDENTIFY, RESUME and open sockets the gateway has seen. */
  get stats(): { identifies: number; resumes: number; sockets: number } {
    return { identifies: this.#identifies, resumes: this.#resumes, sockets: this.#wss.clients.size };
  }

  /** Sends a dispatch event to every session; disconnected sessions get it on RESUME. */
  dispatch(t: string, d: unknown): void {
    for (const session of this.#sessions.values()) this.#send(session, t, d);
  }

  /** Sends op 7 RECONNECT on every socket, so clients reconnect and resume. */
  requestReconnect(): void {
    for (const socket of this.#wss.clients) socket.send(JSON.stringify({ op: Op.Reconnect, d: null }));
  }

  /** Terminates every socket and stops accepting upgrades; upgraded sockets would keep the HTTP server open. */
  close(): Promise<void> {
    for (const socket of this.#wss.clients) socket.terminate();
    return new Promise((resolve) => this.#wss.close(() => resolve()));
  }

  #accept(socket: WebSocket): void {
    let session: Session | undefined;
    socket.send(JSON.stringify({ op: Op.Hello, d: { heartbeat_interval: this.#options.heartbeatInterval } }));
    socket.on('message', (data: RawData) => {
      const payload = parse(data);
      if (!payload) return socket.close(4002, 'Error while decoding payload.');
      if (payload.op === Op.Heartbeat) return socket.send(JSON.stringify({ op: 11 }));
      if (payload.op === Op.Identify || payload.op === Op.Resume) {
        if (session) return socket.close(4005, 'Already authenticated.');
        session =
          payload.op === Op.Identify ? this.#identify(socket, payload.d) : this.#resume(socket, payload.d);
        return;
      }
      if (!session) return socket.close(4003, 'Not authenticated.');
      if (!IGNORED_OPS.has(payload.op)) socket.close(4001, 'Unknown opcode.');
    });
    socket.on('close', (code) => {
      if (session?.socket === socket) {
        session.socket = undefined;
        // A normal close ends the session on Discord too; other codes leave it resumable.
        if (code === 1000 || code === 1001) this.#sessions.delete(session.id);
      }
      this.#options.onChange();
    });
    this.#options.onChange();
  }

  #identify(socket: WebSocket, d: unknown): Session | undefined {
    if (!isRecord(d) || d.token !== this.#options.token) {
      socket.close(4004, 'Authentication failed.');
      return undefined;
    }
    const session: Session = { id: randomUUID().replaceAll('-', ''), seq: 0, log: [], socket };
    this.#sessions.set(session.id, session);
    this.#identifies += 1;
    this.#send(session, 'READY', this.#options.ready(session.id));
    for (const guild of this.#options.guildCreates()) this.#send(session, 'GUILD_CREATE', guild);
    this.#options.onChange();
    return session;
  }

  #resume(socket: WebSocket, d: unknown): Session | undefined {
    const session =
      isRecord(d) && typeof d.session_id === 'string' ? this.#sessions.get(d.session_id) : undefined;
    if (!session || !isRecord(d) || d.token !== this.#options.token) {
      socket.send(JSON.stringify({ op: Op.InvalidSession, d: false }));
      return undefined;
    }
    if (session.socket && session.socket !== socket) session.socket.terminate();
    session.socket = socket;
    const after = typeof d.seq === 'number' ? d.seq : 0;
    for (const frame of session.log) if (frame.s > after) socket.send(JSON.stringify(frame));
    this.#resumes += 1;
    this.#send(session, 'RESUMED', {});
    this.#options.onChange();
    return session;
  }

  #send(session: Session, t: string, d: unknown): void {
    session.seq += 1;
    const frame: Dispatch = { op: Op.Dispatch, t, s: session.seq, d };
    session.log.push(frame);
    if (session.log.length > MAX_LOG) session.log.shift();
    if (session.socket?.readyState === 1) session.socket.send(JSON.stringify(frame));
  }
}

function parse(data: RawData): { op: number; d: unknown } | undefined {
  try {
    const payload: unknown = JSON.parse(data.toString());
    return isRecord(payload) && typeof payload.op === 'number' ? { op: payload.op, d: payload.d } : undefined;
  } catch {
    return undefined;
  }
}
