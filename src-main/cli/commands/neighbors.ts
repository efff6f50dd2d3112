// `ctrlg neighbors --graph NAME ENTITY`: an entity's neighbours grouped by relation, hubs capped.
import { parseArgs } from 'node:util';
import type { Entity, Neighborhood } from '../../common/graphTypes.js';
import { normalizeName } from '../../common/normalizeName.js';
import { GraphLibrary, type GraphStore } from '../../engine/app/graphAccess.js';
import { CliError, type CliCommand } from '../command.js';

/** By id first, then by normalised name (highest degree wins); else an error that suggests close names. */
export async function resolveEntity(store: GraphStore, text: string): Promise<{ entity: Entity; others: Entity[] }> {
  const byId = await store.getEntity(text);
  if (byId) return { entity: byId, others: [] };
  const [entity, ...others] = await store.findEntities(text, { mode: 'normalized', limit: 6 });
  if (entity) return { entity, others };
  const close = new Map<string, Entity>();
  for (const e of await store.findEntities(text, { mode: 'contains', limit: 8 })) close.set(e.id, e);
  // Nothing contains the whole text: suggest entities containing its longest words.
  const words = normalizeName(text).split(' ').filter((w) => w.length >= 3).sort((a, b) => b.length - a.length);
  for (const w of words.slice(0, 3)) {
    if (close.size >= 8) break;
    for (const e of await store.findEntities(w, { mode: 'contains', limit: 4 })) close.set(e.id, e);
  }
  const hint = close.size ? ` Close names: ${[...close.values()].slice(0, 8).map((e) => `"${e.name}"`).join(', ')}.` : '';
  throw new CliError(`no entity "${text}" in graph "${store.name}".${hint}`, 1);
}

function formatNeighborhood(n: Neighborhood): string {
  const c = n.center;
  const lines = [`${c.name}${c.id !== c.name ? `  <${c.id}>` : ''}${c.type ? `  (${c.type})` : ''}  degree ${c.degree ?? '?'}`];
  for (const g of n.groups) {
    const arrow = g.direction === 'out' ? `-[${g.relation}]->` : `<-[${g.relation}]-`;
    const more = g.total > g.shown.length ? `  … ${g.total - g.shown.length} more` : '';
    lines.push(`  ${arrow} (${g.total})`);
    for (const e of g.shown) lines.push(`      ${e.name}`);
    if (more) lines.push(`     ${more}`);
  }
  return lines.join('\n');
}

export const neighborsCommand: CliCommand = {
  usage: 'ctrlg neighbors --graph NAME ENTITY [--cap N] [--json]',
  async run(args, ctx) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { graph: { type: 'string', short: 'g' }, cap: { type: 'string', default: '12' }, json: { type: 'boolean', default: false } },
    });
    if (!values.graph) throw new CliError('--graph NAME is required');
    if (positionals.length === 0) throw new CliError(`name an ENTITY\nusage: ${this.usage}`);
    const cap = Number(values.cap);
    if (!Number.isInteger(cap) || cap < 1) throw new CliError(`--cap must be a positive integer, got "${values.cap}"`);
    const library = new GraphLibrary(ctx.dataDir);
    try {
      const store = await library.open(values.graph);
      const { entity, others } = await resolveEntity(store, positionals.join(' '));
      if (others.length) ctx.stderr.write(`(${others.length} other entit${others.length === 1 ? 'y has' : 'ies have'} this name; showing the best connected)\n`);
      const hood = await store.neighbors(entity.id, { capPerRelation: cap });
      ctx.stdout.write((values.json ? JSON.stringify(hood, null, 2) : formatNeighborhood(hood)) + '\n');
      return 0;
    } finally {
      await library.close();
    }
  },
};
