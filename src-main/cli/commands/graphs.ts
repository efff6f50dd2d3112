// `ctrlg graphs`: the graphs in the data directory; `ctrlg graphs add-sparql` adds one read from a SPARQL endpoint.
import { parseArgs } from 'node:util';
import { GraphLibrary } from '../../engine/app/graphAccess.js';
import type { CliCommand } from '../command.js';
import { ADD_SPARQL_USAGE, addSparqlGraph } from './graphsAddSparql.js';

export const graphsCommand: CliCommand = {
  usage: `ctrlg graphs [--json]
       ${ADD_SPARQL_USAGE}`,
  async run(args, ctx) {
    if (args[0] === 'add-sparql') return addSparqlGraph(args.slice(1), ctx);
    const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } } });
    const library = new GraphLibrary(ctx.dataDir);
    try {
      const graphs = await library.list();
      if (values.json) {
        ctx.stdout.write(JSON.stringify(graphs, null, 2) + '\n');
        return 0;
      }
      if (graphs.length === 0) {
        ctx.stdout.write(`No graphs in ${ctx.dataDir}. Import one with: ctrlg import FILE --graph NAME\n`);
        return 0;
      }
      const width = Math.max(4, ...graphs.map((g) => g.name.length));
      ctx.stdout.write(`${'name'.padEnd(width)}  ${'entities'.padStart(10)}  ${'triples'.padStart(10)}  updated\n`);
      for (const g of graphs)
        ctx.stdout.write(
          `${g.name.padEnd(width)}  ${g.entities.toLocaleString('en-US').padStart(10)}  ${g.triples.toLocaleString('en-US').padStart(10)}  ${g.updatedAt}${g.sparql ? `  sparql ${g.sparql.endpoint}` : ''}\n`,
        );
      return 0;
    } finally {
      await library.close();
    }
  },
};
