// The benchmark stand-in for a Brain: works only from what a payload contains, scoring the sanitized path text
// (visible relation words and coarse literals; tokens carry no meaning) against the anonymised question by DRM
// cosine. No model, no network. With `actAsRemote` it demands approval like a remote Brain, so benchmarks
// exercise the whole approval → ledger → audit path.
import type { BrainPayload } from '../../../common/brainTypes.js';
import type { Drm } from '../../core/types.js';
import { TOKEN_PATTERN } from '../../core/tokens.js';
import { assertApproved } from './approval.js';
import type { Brain, BrainAnalysis, BrainOutcome, BrainRanking } from './brain.js';

function readable(text: string): string {
  return text
    .replace(new RegExp(TOKEN_PATTERN.source, 'g'), ' ')
    .replace(/[_./:#-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

export class DrmStandInBrain implements Brain {
  readonly kind = 'drm' as const;
  readonly endpoint = 'local';
  readonly remote: boolean;
  readonly model: string;

  constructor(
    private readonly drm: Drm,
    options: { actAsRemote?: boolean } = {},
  ) {
    this.remote = options.actAsRemote ?? false;
    this.model = `drm:${drm.name}`;
  }

  async rank(payload: BrainPayload): Promise<BrainOutcome<BrainRanking>> {
    if (this.remote) assertApproved(payload);
    const texts = payload.paths.map((p) => readable([...p.edges.map((e) => e.relation), ...p.nodes.map((n) => payload.literals[n] ?? '')].join(' ')));
    const [q, ...vs] = await this.drm.embed([readable(payload.question), ...texts]);
    const scored = payload.paths.map((p, i) => ({ p, s: dot(q, vs[i]) })).sort((a, b) => b.s - a.s || a.p.id - b.p.id);
    const ranked = scored.slice(0, payload.maxReturn).map(({ p, s }) => ({ pathId: p.id, candidate: p.candidate, reason: `DRM similarity ${s.toFixed(3)}` }));
    return { status: 'ok', value: { ranked }, rejected: [], usage: { tokensSent: 0, tokensReceived: 0 }, raw: JSON.stringify({ ranking: ranked.map((r) => ({ path: r.pathId, reason: r.reason })) }), attempts: 1 };
  }

  async analyze(payload: BrainPayload): Promise<BrainOutcome<BrainAnalysis>> {
    if (this.remote) assertApproved(payload);
    const relations = payload.relations;
    const chain: BrainAnalysis['chain'] = [];
    if (relations.length) {
      const [q, ...vs] = await this.drm.embed([readable(payload.question), ...relations.map(readable)]);
      const scored = relations.map((r, i) => ({ r, s: dot(q, vs[i]) })).sort((a, b) => b.s - a.s);
      // Direction is not knowable from labels alone; "out" is the common case for question relations.
      chain.push({ relation: scored[0].r, direction: 'out' });
    }
    const value: BrainAnalysis = { anchors: [...payload.anchors], chain, answerPosition: 1, dPredict: Math.max(1, chain.length), subquestions: [] };
    return { status: 'ok', value, rejected: [], usage: { tokensSent: 0, tokensReceived: 0 }, raw: JSON.stringify(value), attempts: 1 };
  }
}
