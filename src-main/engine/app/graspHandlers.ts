// grasp.*: the topology-aware selector's status, background training jobs (progress as grasp.progress events,
// wired in createEngine) and cancelling one, each handed to the engine's GraspService.
import type { HandlerGroup } from './engineContext.js';

type GraspChannel = 'grasp.status' | 'grasp.train' | 'grasp.cancel';

export const graspHandlers: HandlerGroup<GraspChannel> = {
  'grasp.status': async ({ graph }, { grasp }) => grasp.status(graph),
  'grasp.train': async (request, { grasp }) => grasp.train(request),
  'grasp.cancel': async ({ jobId }, { grasp }) => ({ cancelled: grasp.cancel(jobId) }),
};
