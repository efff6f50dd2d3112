// Selection steps for two-stage answering, one per kind of Brain that runs locally: a local model (the selection
// role's prompt and schema through a grammar-constrained generator) and the DRM stand-in for benchmarks. Both read
// only the request's evidence (tokens and relation words); neither sends anything over a network.
import type { SelectionStep, SelectionStepRequest } from '../../core/selectionStep.js';
import type { Drm } from '../../core/types.js';
import { TOKEN_PATTERN } from '../../core/tokens.js';
import type { JsonGenerator } from './localModelBrain.js';
import { selectionRole } from './roles/selectionRole.js';

/** A local model answers the selection role; an unusable reply or a failure leaves the local ranking. */
export function localModelSelectionStep(generator: JsonGenerator, onReply?: (raw: string, request: SelectionStepRequest) => void): SelectionStep {
  return async (request) => {
    try {
      const result = await generator.generateJson<unknown>({ system: selectionRole.system, user: request.evidence }, selectionRole.schema, { maxTokens: selectionRole.maxTokens });
      onReply?.(result.raw, request);
      return result.value === undefined ? undefined : selectionRole.interpret(result.value, request).value;
    } catch {
      return undefined;
    }
  };
}

function readable(text: string): string {
  return text
    .replace(new RegExp(TOKEN_PATTERN.source, 'g'), ' ')
    .replace(/[[\]<>()_./:#-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/**
 * The benchmark stand-in: candidates re-scored by encoder probability × how well the relation words on their path
 * match the question (DRM cosine). A clear leader is the final answer; otherwise, while rounds are left, it asks to
 * expand the bridge just before the leader (its neighbourhood may hold the missing edge's other end); else the
 * ranking is sufficient.
 */
export function drmStandInSelectionStep(drm: Drm, options: { lead?: number } = {}): SelectionStep {
  const lead = options.lead ?? 1.5;
  return async (request) => {
    if (request.candidates.length === 0) return { action: 'sufficient' };
    const [q, ...vs] = await drm.embed([readable(request.question), ...request.candidates.map((c) => readable(c.path) || 'entity')]);
    const scored = request.candidates
      .map((c, i) => ({ c, s: c.score * (1 + Math.max(0, dot(q, vs[i]))) * (c.inferred ? 0.8 : 1) }))
      .sort((a, b) => b.s - a.s);
    const [best, second] = scored;
    if (!second || best.s >= lead * second.s || request.iteration >= request.maxIterations) return { action: 'final', tokens: [best.c.token] };
    // Expanded bridges become anchors of the next round, so a bridge is never proposed twice.
    const pathTokens = best.c.path.match(new RegExp(TOKEN_PATTERN.source, 'g')) ?? [];
    const bridge = pathTokens.slice(0, -1).reverse().find((t) => !request.anchors.includes(t));
    return bridge ? { action: 'expand', token: bridge } : { action: 'final', tokens: [best.c.token] };
  };
}
