// The public exports of episodic memory (docs/memory.md), re-exported by the package index.

export {
  type MemoriesForgotten,
  type MemorySettingsInput,
  memorySettingsSchema,
  parseMemorySettings,
} from '../session/memory-edits.js';
export {
  isMemoryId,
  type MemoryListOptions,
  type MemoryPage,
  type MemoryView,
} from '../session/memory-views.js';
export { SessionMemories } from '../session/session-memories.js';
export { cueWords } from './cues.js';
export { updateEpisodes } from './encode.js';
export {
  defaultMaxEpisodes,
  defaultMemorySettings,
  type EpisodeFeeling,
  type MemoryEpisode,
  type MemorySettings,
  type MemoryState,
  maxEpisodesLimit,
  maxEpisodeText,
} from './episode.js';
export { forgetFloor, isRemembered, strengthAt } from './forgetting.js';
export { type Recalled, recallEpisodes } from './recall.js';
