// qa.ask: delegates to the injected question pipeline, which the engine does not own, and streams its reasoning
// tree as qa.treeUpdate events when the client named the question.
import { ApiError } from './apiError.js';
import type { HandlerGroup } from './engineContext.js';

export const qaHandlers: HandlerGroup<'qa.ask'> = {
  'qa.ask': async (request, { options, events, history }) => {
    if (!options.ask) throw new ApiError('not_available', 'Question answering is not available in this build yet.');
    // The tree is anonymised (tokens, visible labels, counts), so it may go to the renderer as it grows.
    const { questionId } = request;
    const result = await options.ask(request, questionId ? { onTreeUpdate: (tree) => events.emit('qa.treeUpdate', { questionId, graph: request.graph, tree }) } : {});
    // The history records every answered question; a history that cannot be written never costs the answer.
    await history.add(request.graph, result).catch(() => undefined);
    return result;
  },
};
