// brain.* / exposure.* / audit.*: each hands its request to the engine's BrainService. Approval events are
// wired once in createEngine, not here: they come from questions in flight, not from a channel call.
import type { HandlerGroup } from './engineContext.js';

type BrainChannel =
  | 'brain.getConfig'
  | 'brain.setConfig'
  | 'brain.pending'
  | 'brain.decide'
  | 'brain.previewEdit'
  | 'exposure.summary'
  | 'exposure.report'
  | 'audit.verify'
  | 'audit.export';

export const brainHandlers: HandlerGroup<BrainChannel> = {
  'brain.getConfig': async (_request, { brain }) => brain.config(),
  'brain.setConfig': async (request, { brain }) => brain.setConfig(request),
  'brain.pending': async (_request, { brain }) => brain.pending(),
  'brain.decide': async ({ id, decision }, { brain }) => {
    brain.decide(id, decision);
    return { decided: true };
  },
  'brain.previewEdit': async ({ id, dropPaths, dropFields }, { brain }) => brain.previewEdit(id, { dropPaths, dropFields }),
  'exposure.summary': async (_request, { brain }) => brain.exposureSummary(),
  'exposure.report': async (_request, { brain }) => brain.exposureReport(),
  'audit.verify': async (_request, { brain }) => brain.verifyAudit(),
  'audit.export': async ({ format }, { brain }) => ({ format, text: await brain.exportAudit(format) }),
};
