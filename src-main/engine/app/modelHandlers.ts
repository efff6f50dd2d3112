// Model files, downloads, loading and the runtime's status: each handler hands its request to the engine's
// HandService and turns its progress into contract events.
import type { HandlerGroup } from './engineContext.js';

type ModelChannel =
  | 'models.list'
  | 'models.add'
  | 'models.download'
  | 'models.cancelDownload'
  | 'models.load'
  | 'models.unload'
  | 'models.fitEstimate'
  | 'hand.status';

export const modelHandlers: HandlerGroup<ModelChannel> = {
  'models.list': async (_request, { hand }) => hand.list(),

  'models.add': async ({ path, overwrite }, { hand }) => hand.add(path, overwrite),

  'models.download': async ({ jobId, uri, fileName }, { hand, events }) =>
    hand.download(jobId, uri, fileName, (progress) => events.emit('models.downloadProgress', progress)),

  'models.cancelDownload': async ({ jobId }, { hand }) => ({ cancelled: hand.cancelDownload(jobId) }),

  'models.load': async (request, { hand, events }) =>
    hand.load(request, (phase, fraction, fileName) => events.emit('models.loadProgress', { fileName, phase, fraction })),

  'models.unload': async (_request, { hand }) => ({ unloaded: await hand.unload() }),

  'models.fitEstimate': async (request, { hand }) => hand.fitEstimate(request),

  'hand.status': async (_request, { hand }) => hand.status(),
};
