// `ctrlg graphs add-sparql NAME --endpoint URL [--graph-iri IRI] [--label-predicate IRI] [--replace]`: a graph read
// from the user's own SPARQL 1.1 store. Nothing is copied: the library records the endpoint (no credentials), asks it
// for the graph's size once, and every later read is a query to it.
import { parseArgs } from 'node:util';
import { GraphLibrary } from '../../engine/app/graphAccess.js';
import { CliError, type CliContext } from '../command.js';

export const ADD_SPARQL_USAGE = 'ctrlg graphs add-sparql NAME --endpoint URL [--graph-iri IRI] [--label-predicate IRI] [--replace] [--json]';

export async function addSparqlGraph(args: string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      endpoint: { type: 'string' },
      'graph-iri': { type: 'string' },
      'label-predicate': { type: 'string' },
      replace: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) throw new CliError(`give one graph NAME (usage: ${ADD_SPARQL_USAGE})`);
  if (!values.endpoint) throw new CliError(`--endpoint URL is required (usage: ${ADD_SPARQL_USAGE})`);
  const library = new GraphLibrary(ctx.dataDir);
  try {
    const info = await library.addSparql(
      positionals[0],
      { endpoint: values.endpoint, ...(values['graph-iri'] ? { graphIri: values['graph-iri'] } : {}), ...(values['label-predicate'] ? { labelPredicate: values['label-predicate'] } : {}) },
      { replace: values.replace },
    );
    if (values.json) ctx.stdout.write(JSON.stringify(info, null, 2) + '\n');
    else
      ctx.stdout.write(
        `Added "${info.name}": ${info.triples.toLocaleString('en-US')} triples, ${info.entities.toLocaleString('en-US')} entities at ${info.sparql!.endpoint}` +
          `${info.sparql!.graphIri ? ` (graph <${info.sparql!.graphIri}>)` : ''}. Questions read it into memory from the endpoint on first use.\n`,
      );
    return 0;
  } finally {
    await library.close();
  }
}
