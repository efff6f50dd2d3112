// qa.ask: delegates to the injected question pipeline, which the engine does not own.
import { ApiError } from './apiError.js';
import type { HandlerGroup } from './engineContext.js';

export const qaHandlers: HandlerGroup<'qa.ask'> = {
  'qa.ask': async (request, { options }) => {
    if (!options.ask) throw new ApiError('not_available', 'Question answering is not available in this build yet.');
    return options.ask(request);
  },
};
