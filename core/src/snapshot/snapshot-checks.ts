import type { ValidationIssue } from '../errors.js';
import type { SessionSnapshot } from './snapshot-schema.js';

/** The turn number an episode id names (`mem_` + base 36). */
function episodeTurn(id: string): number {
  return Number.parseInt(id.slice('mem_'.length), 36);
}

/** Issues for values that repeat in `values`, at `path(i)` of each repeat. */
function duplicates(values: readonly string[], path: (i: number) => string, what: string): ValidationIssue[] {
  const seen = new Map<string, number>();
  const issues: ValidationIssue[] = [];
  values.forEach((value, i) => {
    const first = seen.get(value);
    if (first === undefined) seen.set(value, i);
    else issues.push({ path: path(i), message: `repeats ${what} [${first}]; each must be unique` });
  });
  return issues;
}

/**
 * The consistency rules of a snapshot that its schema cannot state, as issues with their paths (docs/snapshots.md,
 * "Validation"): ids unique, the last speaker a known participant, every episode's speaker among the people it
 * involves (forgetting that person deletes the episode), episode ids naming turns the session has had (new ones
 * must never reuse them), no more episodes than the settings keep, one pending action per type.
 */
export function checkSnapshotConsistency(snapshot: SessionSnapshot, prefix: string): ValidationIssue[] {
  const { state, proactive, memory } = snapshot.session;
  const at = (path: string) => `${prefix}.session.${path}`;
  const issues: ValidationIssue[] = [];
  const ids = state.participants.map((p) => p.id);
  issues.push(...duplicates(ids, (i) => at(`state.participants[${i}].id`), 'the id of participants'));
  if (state.speaker !== null && !ids.includes(state.speaker))
    issues.push({
      path: at('state.speaker'),
      message: 'must be the id of one of state.participants, or null',
    });
  memory.episodes.forEach((episode, i) => {
    if (episode.speaker !== null && !episode.participants.includes(episode.speaker))
      issues.push({
        path: at(`memory.episodes[${i}].speaker`),
        message: 'must be one of the episode’s participants (the people it involves), or null',
      });
    issues.push(
      ...duplicates(
        episode.participants,
        (j) => at(`memory.episodes[${i}].participants[${j}]`),
        'participant',
      ),
    );
    if (episodeTurn(episode.id) > state.turns)
      issues.push({
        path: at(`memory.episodes[${i}].id`),
        message: `names turn ${episodeTurn(episode.id)}, but state.turns is ${state.turns} (an episode id is the number of the turn that encoded it)`,
      });
  });
  const episodeIds = memory.episodes.map((e) => e.id);
  issues.push(...duplicates(episodeIds, (i) => at(`memory.episodes[${i}].id`), 'the id of episodes'));
  if (memory.episodes.length > memory.settings.max_episodes)
    issues.push({
      path: at('memory.episodes'),
      message: `holds ${memory.episodes.length} episodes, more than memory.settings.max_episodes (${memory.settings.max_episodes})`,
    });
  const types = proactive.pending.map((a) => a.type);
  issues.push(...duplicates(types, (i) => at(`proactive.pending[${i}].type`), 'the type of pending'));
  const actionIds = proactive.pending.map((a) => a.id);
  issues.push(...duplicates(actionIds, (i) => at(`proactive.pending[${i}].id`), 'the id of pending'));
  issues.push(
    ...duplicates(
      proactive.raised_in_absence.types,
      (i) => at(`proactive.raised_in_absence.types[${i}]`),
      'the type at types',
    ),
  );
  const active = snapshot.session.activity?.participants?.map((p) => p.id) ?? [];
  issues.push(...duplicates(active, (i) => at(`activity.participants[${i}].id`), 'the id of participants'));
  return issues;
}
