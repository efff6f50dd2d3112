// memory.*: the memory browser's channels, each handed to the engine's MemoryService.
import type { HandlerGroup } from './engineContext.js';

type MemoryChannel = 'memory.list' | 'memory.delete' | 'memory.audit' | 'memory.judge';

export const memoryHandlers: HandlerGroup<MemoryChannel> = {
  'memory.list': async ({ limit }, { memory }) => memory.list(limit),
  'memory.delete': async ({ ids }, { memory }) => memory.delete(ids),
  'memory.audit': async (_request, { memory, library }) => memory.audit(library),
  'memory.judge': async ({ id, verdict }, { memory }) => memory.judge(id, verdict),
};
