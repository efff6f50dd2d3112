// history.*: the question history's channels, each handed to the engine's QuestionHistory.
import type { HandlerGroup } from './engineContext.js';

export const historyHandlers: HandlerGroup<'history.list' | 'history.delete'> = {
  'history.list': async ({ graph, query, limit }, { history }) => history.list(graph, query, limit),
  'history.delete': async ({ graph, ids }, { history }) => history.delete(graph, ids),
};
