// graph.addSparql: a graph read from the user's own SPARQL store (the picker's "SPARQL endpoint" form). The library
// checks the URL and IRIs and asks the endpoint for the graph's size before anything is written; graph.changed
// drops a QA engine built over the name's previous graph.
import type { HandlerGroup } from './engineContext.js';

export const sparqlHandlers: HandlerGroup<'graph.addSparql'> = {
  'graph.addSparql': async ({ graph, endpoint, graphIri, labelPredicate, replace }, { library, events }) => {
    const info = await library.addSparql(graph, { endpoint, ...(graphIri ? { graphIri } : {}), ...(labelPredicate ? { labelPredicate } : {}) }, { replace });
    events.emit('graph.changed', { graph });
    return info;
  },
};
