// Read-only graph channels (list, stats, search, neighbours) and delete; all go through the GraphLibrary.
import type { Entity } from '../../common/graphTypes.js';
import { inversePairsOf, mostConnected } from '../graph/graphOverview.js';
import type { HandlerGroup } from './engineContext.js';

type GraphChannel =
  | 'graph.list'
  | 'graph.stats'
  | 'graph.search'
  | 'graph.neighbors'
  | 'graph.delete'
  | 'graph.cypher'
  | 'graph.inversePairs'
  | 'graph.mostConnected'
  | 'exposure.entities';

export const graphHandlers: HandlerGroup<GraphChannel> = {
  'graph.list': async (_request, { library }) => library.list(),

  'graph.stats': async ({ graph }, { library }) => (await library.memoryGraph(graph)).stats(),

  // Exact-name hits first, then substring hits, so typing a full name puts that entity on top.
  'graph.search': async ({ graph, query, limit }, { library }) => {
    const store = await library.memoryGraph(graph);
    const seen = new Set<string>();
    const out: Entity[] = [];
    for (const mode of ['normalized', 'contains'] as const) {
      for (const entity of await store.findEntities(query, { mode, limit })) {
        if (out.length >= limit) break;
        if (seen.has(entity.id)) continue;
        seen.add(entity.id);
        out.push(entity);
      }
    }
    return out;
  },

  // Accepts an id, or a name as written when no entity has that id (what a user types).
  'graph.neighbors': async ({ graph, entity, capPerRelation }, { library }) => {
    const store = await library.memoryGraph(graph);
    let id = entity;
    if (!(await store.getEntity(entity))) {
      const [byName] = await store.findEntities(entity, { mode: 'exact', limit: 1 });
      if (byName) id = byName.id;
    }
    return store.neighbors(id, { capPerRelation });
  },

  // The read-only gate and the read-only database are both in the store; refusals come back as query_refused.
  'graph.cypher': async ({ graph, query, maxRows, timeoutMs }, { library }) => library.consoleQuery(graph, query, { maxRows, timeoutMs }),

  'graph.inversePairs': async ({ graph }, { library }) => inversePairsOf(await library.memoryGraph(graph)),

  'graph.mostConnected': async ({ graph, limit, literals }, { library }) => mostConnected(await library.memoryGraph(graph), limit, literals),

  'exposure.entities': async ({ graph }, { library, brain }) => brain.exposureTable(await library.memoryGraph(graph)),

  'graph.delete': async ({ graph }, { library, events, grasp, history }) => {
    await library.delete(graph);
    await grasp.forgetGraph(graph);
    // Its questions and results go with it: a new graph of the same name must not show them.
    await history.forget(graph);
    events.emit('graph.changed', { graph });
    return { deleted: true };
  },
};
