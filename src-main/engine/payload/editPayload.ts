// An analyst's edit: drop candidate paths and/or optional fields. The payload is rebuilt from what remains and
// its text re-rendered, so what is sent is exactly the edited payload (path ids stay as they were, so the reply
// still maps to the right candidates).
import type { BrainPayload, PayloadField } from '../../common/brainTypes.js';
import { finalizePayload, literalsShown } from './brainPayload.js';

export class EmptyEditError extends Error {
  constructor() {
    super('The edit dropped every candidate path: nothing is left to send.');
    this.name = 'EmptyEditError';
  }
}

export class InvalidEditError extends Error {
  constructor(detail: string) {
    super(`Invalid edit: ${detail}`);
    this.name = 'InvalidEditError';
  }
}

/** Fields an edit may still drop from this payload. */
export function droppableFields(p: BrainPayload): PayloadField[] {
  const out: PayloadField[] = [];
  if (p.role === 'ranking' && p.indicator && !p.omitted.includes('indicator')) out.push('indicator');
  if (Object.keys(p.literals).length > 0) out.push('literals');
  if (p.role === 'analysis' && !p.omitted.includes('relations')) out.push('relations');
  return out;
}

export function editPayload(p: BrainPayload, edit: { dropPaths: readonly number[]; dropFields: readonly PayloadField[] }): BrainPayload {
  const ids = new Set(p.paths.map((x) => x.id));
  const unknownPaths = edit.dropPaths.filter((id) => !ids.has(id));
  if (unknownPaths.length) throw new InvalidEditError(`no candidate path ${unknownPaths.map((id) => `P${id}`).join(', ')} in this payload`);
  const allowed = new Set(droppableFields(p));
  const badFields = edit.dropFields.filter((f) => !allowed.has(f) && !p.omitted.includes(f));
  if (badFields.length) throw new InvalidEditError(`field(s) ${badFields.join(', ')} cannot be dropped from a ${p.role} payload`);
  const drop = new Set(edit.dropPaths);
  const paths = p.paths.filter((x) => !drop.has(x.id));
  if (p.role !== 'analysis' && paths.length === 0) throw new EmptyEditError();
  const omitted = [...new Set([...p.omitted, ...edit.dropFields])];
  const literals = omitted.includes('literals') ? {} : literalsShown(paths, p.literals);
  const { text: _old, ...rest } = p;
  return finalizePayload({
    ...rest,
    indicator: omitted.includes('indicator') ? undefined : p.indicator,
    paths: paths.map((x) => ({ ...x, nodes: [...x.nodes], edges: x.edges.map((e) => ({ ...e })) })),
    literals,
    relations: omitted.includes('relations') ? [] : [...p.relations],
    omitted,
  });
}
