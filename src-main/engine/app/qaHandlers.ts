// qa.ask: delegates to the injected question pipeline, which the engine does not own, and streams its reasoning
// tree as qa.treeUpdate events when the client named the question; a named question can be cancelled (qa.cancel)
// while it runs. Every answered question is added to its graph's history.
import { ApiError } from './apiError.js';
import type { HandlerGroup } from './engineContext.js';

export const qaHandlers: HandlerGroup<'qa.ask' | 'qa.cancel'> = {
  'qa.ask': async (request, { options, events, history, inFlight }) => {
    if (!options.ask) throw new ApiError('not_available', 'Question answering is not available in this build yet.');
    // The tree is anonymised (tokens, visible labels, counts), so it may go to the renderer as it grows.
    const { questionId } = request;
    const cancel = questionId ? new AbortController() : undefined;
    if (questionId && cancel) {
      if (inFlight.has(questionId)) throw new ApiError('invalid_request', `Question ${questionId} is already running.`);
      inFlight.set(questionId, cancel);
    }
    try {
      const result = await options.ask(
        request,
        questionId && cancel ? { onTreeUpdate: (tree) => events.emit('qa.treeUpdate', { questionId, graph: request.graph, tree }), signal: cancel.signal } : {},
      );
      // The history records every answered question; a history that cannot be written never costs the answer.
      await history.add(request.graph, result).catch(() => undefined);
      return result;
    } finally {
      if (questionId) inFlight.delete(questionId);
    }
  },
  'qa.cancel': async ({ questionId }, { inFlight }) => {
    const running = inFlight.get(questionId);
    running?.abort();
    return { cancelled: !!running };
  },
};
