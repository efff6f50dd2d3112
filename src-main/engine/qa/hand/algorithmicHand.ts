// The algorithmic Hand of this sprint: no model weights, the DRM (GloVe) and the graph's own schema instead.
// Extraction wraps linkTopics; analysis scores schema paths against the question (analyzeQuestion); follow-up
// deepens the search; prediction propagates the chain over the view; refinement is fuzzy pruning; verification
// checks the question's constraints on grounded paths. Built once per graph: label vectors and word vectors are
// cached across questions.
import { cosine } from '../../drm/cosine.js';
import { DIR_IN, DIR_OUT, type MemoryGraph } from '../../graph/memoryGraph.js';
import { edgeKey, hasKey, holdersOf, keyStart } from '../../graph/keyHolders.js';
import { ACTIVITY_KEY, analyzeQuestion, answerNouns, answerType, DEFAULT_ANALYSIS_WEIGHTS, LANDING_RELATED, whKey, type AnalysisWeights, type AnswerType } from './analyzeQuestion.js';
import { isPhraseNoun, nounClasses, readLabelRoles, type EndRole, type LabelRoles } from './labelRoles.js';
import { sharedWordNet, type WordNet } from '../../lexicon/wordnet.js';
import { nounGender } from '../../lexicon/nounGender.js';
import { entityGenders } from './entityGender.js';
import { LexicalRelatedness } from '../../lexicon/lexicalRelatedness.js';
import { wordSpans, type EntityNameIndex } from '../stages/entityNameIndex.js';
import { linkTopics } from './linkTopics.js';
import { spellOutInLaws, spellOutKinOfKin, spellOutMates, type KinOfKin } from './inLawCompounds.js';
import { spellOutCollocations } from './verbCollocations.js';
import { correctTypos, type TypoLexicon } from './typoCorrection.js';
import { prunePaths } from '../stages/prunePaths.js';
import { CATEGORY_NOUNS, readQuestion, STOPWORDS, WH_WORDS } from './questionText.js';
import { RelationMatcher } from './relationMatcher.js';
import { relationText } from '../stages/relationVectors.js';
import { ownRelationWords, relationWords, typeRelationWords } from './relationWords.js';
import { chainKey } from '../stages/schemaPaths.js';
import { type SchemaStep } from '../../core/types.js';
import type { Drm, Gender, GroundedPath } from '../../core/types.js';
import { verifyAnswers } from '../stages/verifyAnswers.js';
import { viewAdjacency } from '../stages/viewAdjacency.js';
import { followUpQuestion } from './followUpQuestion.js';
import { type AnswerTypeSkill, type FollowUpQuestion, type FollowUpQuestionRequest, type MissingHop } from '../../core/handSkills.js';
import { STEM_MATCH, sharesStem, WordVectors } from './wordSimilarity.js';
import { tokenizeLabel, tokenizeText } from '../../drm/tokenize.js';
import { mentionVoice } from './questionVoice.js';
import type { Direction } from '../../../common/graphTypes.js';
export { categoricalScores } from '../../graph/categoricalScores.js';

import type {
  Analysis,
  AnalysisRequest,
  FollowUp,
  FollowUpQuestionSkill,
  FollowUpRequest,
  Hand,
  PredictedNode,
  PredictionRequest,
  RefinementRequest,
  VerificationRequest,
} from '../../core/handSkills.js';

export interface AlgorithmicHandOptions {
  weights?: Partial<AnalysisWeights>;
  /** Chains within this score of the best are accepted by verification. */
  acceptMargin?: number;
  /** At most this many accepted chains. */
  acceptChains?: number;
  /** false: read labels and answer types without WordNet (the lexicon), as when the package is missing. */
  lexicon?: boolean;
}

/** Longest span of a question looked up as a name the question spells out (the linker's MAX_SPAN). */
const NAMED_SPAN = 12;

export class AlgorithmicHand implements Hand, FollowUpQuestionSkill, AnswerTypeSkill {
  readonly name = 'algorithmic';
  private readonly words: WordVectors;
  private readonly matcher: RelationMatcher;
  private readonly labelVectors = new Map<string, Float32Array>();
  /** WordNet, when the package is installed: semantic classes of nouns and agent nouns of label verbs. */
  private readonly wn: WordNet | undefined;
  /** What each relation's label says about its head and tail (labelRoles). */
  private readonly roles: LabelRoles[];
  /** What tells a typing slip in a question from a word (typoCorrection.ts); absent without WordNet or frequencies. */
  private readonly typos: TypoLexicon | undefined;
  /** Each entity's recorded sex (entityGenders), read the first time a question's noun names one. */
  private sexes: ((entity: number) => Gender | undefined) | undefined;

  private constructor(
    private readonly graph: MemoryGraph,
    private readonly drm: Drm,
    private readonly index: EntityNameIndex,
    private readonly options: AlgorithmicHandOptions,
  ) {
    this.wn = options.lexicon === false ? undefined : sharedWordNet();
    const lexical = this.wn ? new LexicalRelatedness(this.wn) : undefined;
    // A DRM that can say which words it knows (GloVe's vocabulary) lets a question's typing slips meet label words.
    const vocabulary = (drm as Partial<{ rankOf(word: string): number | undefined }>).rankOf?.bind(drm);
    this.words = new WordVectors(drm, lexical ? (a, b) => lexical.of(a, b) : undefined, vocabulary ? (w) => vocabulary(w) !== undefined : undefined);
    this.matcher = new RelationMatcher(this.words, graph.relationLabels.map(relationWords), graph.relationLabels.map(ownRelationWords), graph.relationLabels.map(typeRelationWords));
    this.roles = graph.relationLabels.map((l) => readLabelRoles(l, this.wn));
    // Typing slips are read where both WordNet and the vocabulary's frequencies are there to tell them.
    const wn = this.wn;
    const exactRank = (drm as Partial<{ exactRankOf(word: string): number | undefined }>).exactRankOf?.bind(drm);
    if (wn && exactRank) {
      const labelWords = new Set(graph.relationLabels.flatMap((l) => tokenizeLabel(l).map((t) => t.toLowerCase())));
      this.typos = {
        listed: (w) => (['n', 'v', 'a', 'r'] as const).some((pos) => wn.lemmas(w, pos).length > 0),
        rank: (w) => exactRank(w),
        labelWord: (w) => labelWords.has(w),
      };
    }
  }

  static async create(graph: MemoryGraph, drm: Drm, index: EntityNameIndex, options: AlgorithmicHandOptions = {}): Promise<AlgorithmicHand> {
    const hand = new AlgorithmicHand(graph, drm, index, options);
    await hand.words.prepare([...graph.relationLabels.flatMap(relationWords), ...hand.roles.flatMap((r) => [...r.head.words, ...r.tail.words])]);
    return hand;
  }

  async extractEntities(question: string) {
    return linkTopics(question, this.graph, this.index, this.drm);
  }

  async analyzeQuestion(request: AnalysisRequest): Promise<Analysis | undefined> {
    const spelled = await this.spellOut(request.question, request.topics);
    const text = readQuestion(spelled.question, spelled.mentions, spelled.verbs);
    await this.words.prepare(text.words.map((w) => w.text));
    const anchors = request.topics.map((t) => t.entity);
    const shares = anchors.map((a, i) => anchorShares(request.schemaPaths[i] ?? [], a));
    const result = analyzeQuestion(
      text,
      anchors,
      request.schemaPaths,
      {
        matcher: this.matcher,
        visibleRelation: request.visibleRelation ?? ((r) => this.graph.relationLabels[r]),
        literalOf: (e) => this.graph.literalOf(e),
        valueRoles: (ends) => valueRoles(this.graph, ends),
        candidateTypeSimilarity: (nouns, ends) => this.candidateTypeSimilarity(nouns, ends),
        categorical: (r, d) => this.categorical(r, d),
        landingSupport: (noun, step, ends) => this.landingSupport(noun, step, ends),
        landingClash: (noun, step) => this.landingClash(noun, step),
        landsOnClass: (noun, step) => this.landsOnClass(noun, step),
        landsOnLeafPlace: (noun, step) => this.landsOnLeafPlace(noun, step),
        liesBelow: (noun, ends) => this.liesBelow(noun, ends),
        namesRoleNoun: (noun, step) => this.landingRole(step).heads.some((h) => sharesStem(noun, h)),
        voiceDirection: this.voiceDirections(spelled.question, spelled.mentions),
        namesStart: (noun, step) => this.namesStart(noun, step),
        aliases: (step) => this.aliases(step),
        namesAnchorRole: (noun, anchor) => this.namesAnchorRole(noun, anchor),
        mediator: (ends) => this.mediator(ends),
        namedInQuestion: this.namedIn(request.question, request.topics),
        typeFit: (answer, ends, landing) => this.typeFit(answer, ends, landing),
        sameKind: (out, back, anchor, relation) => this.sameKind(out, back, anchor, relation),
        namesAnchorType: (word, anchor) => this.namesAnchorType(word, anchor),
        ...(this.wn
          ? {
              isNoun: (word: string) => this.isPhraseNoun(word),
              namesPerson: (noun: string) => this.namesPerson(noun),
              eventNoun: (noun: string) => eventNoun(this.wn!, noun),
              setting: (noun: string) => SETTING_CLASSES.has(this.wn!.synsets(noun, 'n', 1)[0]?.lexname ?? ''),
              kindOf: (specific: string, general: string) => !sharesStem(specific, general) && nounKindOf(this.wn!, specific, general),
              nounGender: (noun: string) => nounGender(this.wn!, noun),
            }
          : {}),
        anchorShare: (a, step) => shares[anchors.indexOf(a)]?.get(`${step.relation}${step.direction}`) ?? 0,
        weights: this.options.weights,
      },
      { dMax: request.dMax },
    );
    if (!result) return undefined;
    const subquestions = result.chain.map((s, i) => {
      const from = i === 0 ? 'the topic entity' : `the result of step ${i}`;
      const to = i + 1 === result.answerPosition ? 'the answer' : `bridge ${i + 1}`;
      return `${i + 1}. From ${from}, follow "${this.graph.relationLabels[s.relation]}" (${s.direction}) to ${to}.`;
    });
    const unexplained = this.unexplained(text, result.chain.map((s) => s.relation));
    const top = result.ranked[0];
    const type = answerType(text, this.wn ? (w) => this.isPhraseNoun(w) : undefined);
    // What names the asked-for end: the answer noun, or for a bare "when" / "where" a word the chain leaves unused
    // ("when did the films of X release": released, landing on a time).
    const wh = type.noun ? undefined : whKey(type);
    const asks = type.noun ? [{ word: type.noun, names: type.noun }] : wh === 'when' || wh === 'where' ? unexplained.unused.map((word) => ({ word, names: wh })) : [];
    // Only where the chain's last hop lands on the answer (a two-anchor chain ends at its second anchor).
    const missing = top && chainKey(top.steps) === chainKey(result.chain) && top.answerPosition === top.steps.length ? this.missingHop(asks, top.steps[top.steps.length - 1], top.ends) : undefined;
    return { ...result, subquestions, unexplained: missing ? { ...unexplained, missing } : unexplained };
  }

  /**
   * See MissingHop: the first asked-for word (`names`: the noun, or the wh-word it stands for) whose best relation, on
   * the side the word names, none of the ends holds, while at least MISSING_PEER_SHARE of a sample of everything the
   * last step can land on (the ends' kind) does.
   */
  private missingHop(asks: readonly { word: string; names: string }[], last: SchemaStep, ends: ReadonlySet<number>): MissingHop | undefined {
    const g = this.graph;
    const min = DEFAULT_ANALYSIS_WEIGHTS.supportMin;
    for (const { word, names } of asks) {
      const relation = this.matcher.bestRelation(word);
      if (relation < 0 || relation === last.relation || this.matcher.bestContrast(word) < min) continue;
      // The noun (or wh-word) names what the last hop lands on, or a relation holding the same facts as it: answered.
      if (this.landingSupport(names, last, ends) >= min || this.aliases(last).some((a) => a.relation === relation)) continue;
      // …and names what a hop over that relation lands on ("genres" / has_genre), not just a word near its label; the
      // answers would hold it on the other side (a film is the head of has_genre).
      const direction = (['out', 'in'] as const).find((d) => this.landingSupport(names, { relation, direction: d }) >= min);
      if (!direction) continue;
      const key = edgeKey(relation, direction === 'out' ? DIR_OUT : DIR_IN);
      let any = false;
      for (const e of ends) if ((any = hasKey(g, e, key))) break;
      if (any) continue;
      if (this.peerShare(last, key) >= MISSING_PEER_SHARE) return { word, relation, direction };
    }
    return undefined;
  }

  private readonly peerShareMemo = new Map<string, number>();

  /** Share of a sample of everything `last` can land on (the answers' kind) that holds edges of `key`; 0 for few. */
  private peerShare(last: SchemaStep, key: number): number {
    const memo = `${last.relation}${last.direction}\u0000${key}`;
    let v = this.peerShareMemo.get(memo);
    if (v === undefined) {
      const peers = spread(this.landingHolders(last), 200);
      v = peers.length < MISSING_PEERS_MIN ? 0 : peers.filter((e) => hasKey(this.graph, e, key)).length / peers.length;
      if (this.peerShareMemo.size > 10_000) this.peerShareMemo.clear();
      this.peerShareMemo.set(memo, v);
    }
    return v;
  }

  /** See AnswerTypeSkill: the analysis's answer type (head noun or wh-word) against each candidate's classes. */
  async answerTypeFit(request: Pick<AnalysisRequest, 'question' | 'topics'>, entities: readonly number[]): Promise<{ expected?: string; fit: number[] }> {
    const spelled = await this.spellOut(request.question, request.topics);
    const text = readQuestion(spelled.question, spelled.mentions, spelled.verbs);
    const type = answerType(text, this.wn ? (w) => this.isPhraseNoun(w) : undefined);
    const expected = type.noun ?? (type.activity ? 'activity' : type.wh);
    const want = type.noun ? this.classesOfNoun(type.noun) : whClasses(whKey(type));
    const fit = entities.map((e) => {
      if (!want.size) return 0;
      const have = this.entityClasses(e);
      if (!have.size) return 0;
      if (intersects(want, have)) return 1;
      return [...want].every((c) => CONCRETE_CLASSES.has(c)) ? -1 : 0;
    });
    return { ...(expected ? { expected } : {}), fit };
  }

  /**
   * The classes one entity is of: a date or number literal's, else those at least half of the roles it plays carry
   * (endClasses' union over a set is right for a set of ends, too loose for one entity: one edge to a hospital would
   * make a patient a place).
   */
  private entityClasses(e: number): Set<string> {
    const kind = this.graph.literalOf(e);
    if (kind === 'date') return new Set(['noun.time']);
    if (kind === 'number') return new Set(['noun.quantity']);
    const g = this.graph;
    const roles = new Set<number>();
    for (let k = g.offsets[e]; k < g.offsets[e + 1]; k++) roles.add(g.edgeRelation[k] * 2 + (g.edgeDirection[k] === DIR_OUT ? 0 : 1));
    const count = new Map<string, number>();
    let classed = 0;
    for (const s of roles) {
      const r = this.roles[s >> 1];
      const classes = (s & 1 ? r.tail : r.head).classes;
      if (!classes.size) continue;
      classed++;
      for (const c of classes) count.set(c, (count.get(c) ?? 0) + 1);
    }
    return new Set([...count].filter(([, c]) => c * 2 >= classed).map(([cl]) => cl));
  }

  /** Content words no hop of the chain explains (see Analysis.unexplained); answer nouns are the type's, not a hop's. */
  private unexplained(text: ReturnType<typeof readQuestion>, chain: readonly number[]): { unused: string[]; unmatched: string[] } {
    const min = DEFAULT_ANALYSIS_WEIGHTS.supportMin;
    const nouns = new Set(answerNouns(text));
    const unused: string[] = [];
    const unmatched: string[] = [];
    for (const w of text.words) {
      if (w.kind !== 'content' || nouns.has(w.text) || CATEGORY_NOUNS.has(w.text)) continue;
      if (chain.some((r) => this.matcher.contrast(w.text, r) >= min)) continue;
      // The n-th noun of an "of" / possessive chain names what the n-th hop lands on, as the analysis read it.
      if (w.chainNode !== undefined && w.chainNode <= chain.length) continue;
      if (this.lightVerb(w.text)) continue;
      if (this.matcher.bestContrast(w.text) >= min) unused.push(w.text);
      else if (!this.lightMainVerb(text, w)) unmatched.push(w.text);
    }
    return { unused: [...new Set(unused)], unmatched: [...new Set(unmatched)] };
  }

  /**
   * A verb form of very many senses that is no noun ("running", "went", "got"): it carries too little meaning of its
   * own for a reading that leaves it unexplained to have missed anything ("the hospitals running X-sponsored trials").
   */
  private lightVerb(word: string): boolean {
    return !!this.wn && !this.isPhraseNoun(word) && this.wn.synsets(word, 'v').length >= LIGHT_VERB_SENSES;
  }

  /**
   * The question's last word after do-support is its main verb whatever WordNet's nouns say ("where do the players
   * … come from": come, not a noun); a vague one that names no relation at all explains nothing and needs nothing
   * explained. (One that names some relation, "where does X work", stays unused.)
   */
  private lightMainVerb(text: ReturnType<typeof readQuestion>, w: ReturnType<typeof readQuestion>['words'][number]): boolean {
    const q = text.question;
    if (!this.wn || q === undefined || text.words.some((x) => x.kind === 'content' && x.start > w.start)) return false;
    const wh = text.words.find((x) => x.kind === 'wh');
    if (!wh || wh.start > w.start || !/\b(?:do|does|did)\b/i.test(q.slice(wh.start, w.start))) return false;
    // Vague as a verb, and hardly a noun at all (come: 21 verb senses, 1 noun sense; work, play, hold are nouns too).
    const verbs = this.wn.synsets(w.text, 'v').length;
    return verbs >= LIGHT_VERB_SENSES && verbs >= MAIN_VERB_NOUN_RATIO * this.wn.synsets(w.text, 'n').length;
  }

  async followUp(request: FollowUpRequest): Promise<FollowUp> {
    const tried = new Set(request.triedDepths);
    const start = request.analysis.dPredict;
    for (let d = start; d <= request.dMax; d++) if (!tried.has(d)) return { action: 'deepen', depth: d };
    for (let d = start - 1; d >= 1; d--) if (!tried.has(d)) return { action: 'deepen', depth: d };
    return { action: 'stop', reason: `no verified answer within ${request.dMax} hops` };
  }

  async predictNodes(request: PredictionRequest): Promise<PredictedNode[]> {
    // Propagates the anchor set along the chain over the view: the tokens each position can hold.
    const adj = viewAdjacency(request.view);
    const out: PredictedNode[] = [];
    let frontier = new Set(request.view.anchors.slice(0, 1));
    request.indicator.chain.forEach((s, i) => {
      const next = new Set<string>();
      for (const t of frontier)
        for (const e of adj.get(t) ?? []) if (e.relation === s.visible && e.direction === s.direction && !request.view.anchors.includes(e.neighbor)) next.add(e.neighbor);
      const position = i + 1;
      const follow = request.indicator.chain[i + 1];
      out.push({
        position,
        role: position === request.indicator.answerPosition ? 'answer' : 'bridge',
        mustHave: [{ relation: s.visible, direction: s.direction === 'out' ? 'in' : 'out' }, ...(follow ? [{ relation: follow.visible, direction: follow.direction }] : [])],
        candidates: [...next].sort(),
      });
      frontier = next;
    });
    return out;
  }

  async refineEvidence(request: RefinementRequest) {
    const labels = new Set<string>([...request.indicator.chain.map((s) => s.visible), ...request.paths.flatMap((p) => p.edges.map((e) => e.relation))]);
    await this.prepareLabels(labels);
    return prunePaths(request.paths, {
      chain: request.indicator.chain.map((s) => ({ visible: s.visible, direction: s.direction })),
      relationSimilarity: (a, b) => this.labelSimilarity(a, b),
      width: request.width,
    });
  }

  async verifySufficiency(request: VerificationRequest) {
    const { analysis } = request;
    const margin = this.options.acceptMargin ?? 1.5;
    const limit = this.options.acceptChains ?? 40;
    const best = analysis.ranked[0]?.score ?? 0;
    const chains = new Map<string, number>();
    for (const c of analysis.ranked) {
      if (chains.size >= limit || c.score < best - margin) break;
      if (c.anchors[0] !== analysis.anchorOrder[0] || c.anchors.length !== analysis.anchorOrder.length) continue;
      // Two anchors: the same steps with the answer at another position are another reading (verifyAnswers).
      const key = chainKey(c.steps as SchemaStep[]) + (c.anchors.length > 1 ? `@${c.answerPosition}` : '');
      if (!chains.has(key)) chains.set(key, c.score);
    }
    // "the sons of X": paths through an entity of the other recorded sex where a noun names one rank last.
    const genders = new Map<string, (Gender | undefined)[]>();
    for (const c of analysis.ranked) {
      if (!c.genders || c.anchors.length !== 1) continue;
      const key = chainKey(c.steps as SchemaStep[]);
      if (!genders.has(key)) genders.set(key, c.genders);
    }
    const sexOf = genders.size && this.wn ? (this.sexes ??= entityGenders(this.graph, this.roles, this.wn)) : undefined;
    const misfit = sexOf
      ? (p: GroundedPath): boolean =>
          !!genders.get(chainKey(p.edges))?.some((g, i) => {
            const sex = g !== undefined && i < p.entities.length ? sexOf(p.entities[i]) : undefined;
            return sex !== undefined && sex !== g;
          })
      : undefined;
    return verifyAnswers(request.grounded, this.graph, { anchors: analysis.anchorOrder, chains, ...(misfit ? { misfit } : {}) });
  }

  /**
   * How well the answer nouns name the entities of `ends` (see AnalysisContext.candidateTypeSimilarity): the share
   * of a sample of `ends` whose names contain a noun, singular or plural ("hospitals" / "Ridgeway Community Hospital"), and for
   * "where" the best word match with a relation most of the sample is the value of (a city is what "located in"
   * points to); negative when the names share a head word no answer noun names ("which city" / "… Department").
   */
  private candidateTypeSimilarity(nouns: readonly string[], ends: ReadonlySet<number>, sample = 24): number {
    const g = this.graph;
    const inCount = new Map<number, number>();
    const nameHits = new Array<number>(nouns.length).fill(0);
    const heads = new Map<string, { count: number; before: Set<string> }>();
    let n = 0;
    let named = 0;
    for (const e of ends) {
      if (n++ >= sample) break;
      const seenIn = new Set<number>();
      for (let k = g.offsets[e]; k < g.offsets[e + 1]; k++) if (g.edgeDirection[k] !== DIR_OUT) seenIn.add(g.edgeRelation[k]);
      for (const r of seenIn) inCount.set(r, (inCount.get(r) ?? 0) + 1);
      if (g.literalOf(e)) continue;
      const tokens = this.nameTokens(e);
      named++;
      const words = tokens.filter((t) => !STOPWORDS.has(t));
      if (words.length >= 2) {
        const head = words[words.length - 1];
        const h = heads.get(head) ?? { count: 0, before: new Set<string>() };
        h.count++;
        h.before.add(words[words.length - 2]);
        heads.set(head, h);
      }
      nouns.forEach((w, i) => {
        if (tokens.some((t) => sameNoun(w, t))) nameHits[i]++;
      });
    }
    if (n === 0) return 0;
    // Names that end in one shared head word after varied words say what the entities are ("… Cardiology
    // Department", "… Surgery Department"; a series such as "Police Story 2", "Police Story 3" does not vary): when
    // no answer noun names that word ("which city"), these ends are another kind of thing than the question asks for.
    // Not people's names: siblings share a surname ("… Blackwood"), which says nothing of what they are.
    const content = nouns.filter((w) => !TYPED_WH.has(w));
    if (content.length && named >= TYPE_HEAD_MIN && nameHits.every((h) => h === 0))
      for (const [head, h] of heads)
        if (h.count >= TYPE_HEAD_SHARE * named && h.before.size >= Math.min(3, h.count) && !content.some((w) => sharesStem(w, head)) && !this.endClasses(ends).has('noun.person'))
          return -TYPE_HEAD_MISMATCH;
    const min = Math.max(1, 0.3 * n);
    let best = 0;
    // Role evidence only for the place wh-word: "where" is what "located in" and "headquartered in" point to. Label
    // words are shared by every type on dense schemas (a film graph's directors and films meet the same labels),
    // so nouns and "who" read roles as noise; they are typed by the candidates' names instead.
    for (const w of nouns) {
      if (w !== 'where') continue;
      for (const [r, c] of inCount) if (c >= min) best = Math.max(best, this.matcher.raw(w, r));
    }
    // Names typed by the phrase's head noun only: a modifier ("which rail network") names a property the anchor's
    // siblings share ("Willunga railway line"), not what the answer is.
    const headAt = nouns.length - 1;
    if (headAt >= 0 && !TYPED_WH.has(nouns[headAt])) best = Math.max(best, STEM_MATCH * (nameHits[headAt] / n));
    return best;
  }

  /** See AnalysisContext.landingSupport: the noun against the role words of the end the step lands on. */
  private readonly landingMemo = new Map<string, number>();

  private landingSupport(noun: string, step: SchemaStep, ends?: ReadonlySet<number>): number {
    const key = `${noun}\u0000${step.relation}${step.direction}`;
    let v = this.landingMemo.get(key);
    if (v === undefined) {
      v = this.computeLandingSupport(noun, step);
      if (this.landingMemo.size > 100_000) this.landingMemo.clear();
      this.landingMemo.set(key, v);
    }
    const role = this.landingRole(step);
    // A label naming no role noun at this end ("diagnosed_with"; "died_in" names only a class, a place): what its ends
    // are, read from their other relations, else from what the relation's entities there are called.
    // (A faint similarity to the label itself, below what names a hop, does not stand in their way: "leagues".)
    if (v < this.supportMin && ends && !role.heads.length && !whClasses(noun).size && (!role.classes.size || intersects(this.classesOfNoun(noun), role.classes))) {
      v = Math.max(v, this.coRoleSupport(noun, ends, step));
      if (v < this.supportMin) v = Math.max(v, this.namedKindSupport(noun, step));
    }
    // A label whose own role noun the answer noun does not name ("which country" / nationality): what its ends are
    // elsewhere (the tails of "country"), unless the noun's class clashes with the role's. Not for persons: everyone
    // in a family graph is someone's child, parent and spouse, so the roles a person holds elsewhere type nothing.
    else if (v === 0 && ends && role.heads.length && !whClasses(noun).size && !this.namesPerson(noun) && !this.landingClash(noun, step))
      v = this.coRoleSupport(noun, this.landingPopulation(step), step);
    // A typed wh-word whose class the label's own noun does not say ("where … from" / nationality): what the ends
    // are elsewhere (the tails of "country"): places, as surely as a label saying so.
    else if (v === 0 && ends && whClasses(noun).size && this.endsOfClass(whClasses(noun), ends, step)) v = 1;
    return v;
  }

  private readonly namedKindMemo = new Map<string, number>();

  /**
   * Whether the names of the entities a relation reaches at this end say the noun ("which league" / competes_in:
   * "Football League Championship" among its tails): over the relation's whole population there, not this question's
   * few ends. One name among few is evidence (a graph's leagues are mostly named otherwise: "Eredivisie", "Serie A");
   * among many, a share of them must be.
   */
  private namedKindSupport(noun: string, step: SchemaStep, sample = 400): number {
    const key = `${noun}\u0000${step.relation}${step.direction}`;
    let v = this.namedKindMemo.get(key);
    if (v !== undefined) return v;
    const g = this.graph;
    let named = 0;
    let hits = 0;
    let kinds = 0;
    const kindMemo = new Map<string, boolean>();
    const targets = new Set(this.wn?.synsets(noun, 'n', 3).map((x) => x.offset) ?? []);
    const kindOf = (x: string): boolean => {
      let k = kindMemo.get(x);
      if (k === undefined) kindMemo.set(x, (k = !!this.wn && x.length >= 3 && !sharesStem(x, noun) && anySenseKindOf(this.wn, x, targets)));
      return k;
    };
    for (const e of spread(this.landingHolders(step), sample)) {
      if (g.literalOf(e)) continue;
      named++;
      const tokens = this.nameTokens(e);
      if (tokens.some((x) => sameNoun(noun, x))) hits++;
      else if (tokens.some(kindOf)) kinds++;
    }
    // A name word that is a kind of the noun in some sense ("House of Blackwood": a house is a family line) says it
    // only when the graph names most of them so.
    v = (hits >= NAMED_KIND_MIN && hits >= NAMED_KIND_SHARE * named) || (kinds >= NAMED_KIND_MIN_WORDNET && kinds >= NAMED_KIND_SHARE_WORDNET * named) ? LANDING_RELATED : 0;
    if (this.namedKindMemo.size > 100_000) this.namedKindMemo.clear();
    this.namedKindMemo.set(key, v);
    return v;
  }

  private readonly populationMemo = new Map<string, ReadonlySet<number>>();

  /** A sample spread over all the entities a step can land on (one set per step, so memos keyed by it hold). */
  private landingPopulation(step: SchemaStep, sample = 48): ReadonlySet<number> {
    const key = `${step.relation}${step.direction}`;
    let out = this.populationMemo.get(key);
    if (!out) this.populationMemo.set(key, (out = new Set(spread(this.landingHolders(step), sample))));
    return out;
  }

  /** The entities a step can land on: the holders of its relation in the direction they hold it (landingDir). */
  private landingHolders(step: SchemaStep): Int32Array {
    return holdersOf(this.graph.keyHolders(), step.relation * 2 + landingDir(step));
  }

  private readonly coRoleMemo = new WeakMap<ReadonlySet<number>, Map<string, ReadonlySet<string>>>();

  /**
   * Role nouns that at least half of a sample of `ends` hold in the graph's relations (the tails of targets_condition
   * are "conditions", the heads of member_of "members"). With the step that lands on them, the role that step gives
   * them is left out, and the half is of the ends that hold some other role (at least CO_ROLE_MIN_HOLDING of the
   * sample): a nationality no club is in says nothing of what nationalities are, so the others decide (countries).
   */
  private coRoles(ends: ReadonlySet<number>, landing?: SchemaStep, sample = 24): ReadonlySet<string> {
    let byLanding = this.coRoleMemo.get(ends);
    if (!byLanding) this.coRoleMemo.set(ends, (byLanding = new Map()));
    const key = landing ? `${landing.relation}${landing.direction}` : '';
    let out = byLanding.get(key);
    if (out) return out;
    const g = this.graph;
    const ownDir = landing ? landingDir(landing) : -1;
    const count = new Map<string, number>();
    let n = 0;
    let holding = 0;
    for (const e of ends) {
      if (n >= sample) break;
      n++;
      const mine = new Set<string>();
      for (let k = g.offsets[e]; k < g.offsets[e + 1]; k++) {
        if (landing && g.edgeRelation[k] === landing.relation && g.edgeDirection[k] === ownDir) continue;
        const r = this.roles[g.edgeRelation[k]];
        // Seen from the entity: an out-edge makes it the head, an in-edge the tail. A verb's agent noun says what
        // it does, not what it is ("competitor": a club competes, it is no competition).
        const end = g.edgeDirection[k] === DIR_OUT ? r.head : r.tail;
        if (!end.agent) for (const h of end.heads) mine.add(h);
      }
      if (mine.size) holding++;
      for (const h of mine) count.set(h, (count.get(h) ?? 0) + 1);
    }
    const base = landing ? Math.max(holding, Math.ceil(n * CO_ROLE_MIN_HOLDING)) : n;
    out = new Set([...count].filter(([, c]) => c * 2 >= base).map(([h]) => h));
    byLanding.set(key, out);
    return out;
  }

  /**
   * Whether what the ends are elsewhere is of one of the classes (coRoleClass); where these few ends say nothing of the
   * kind, over a sample of everything the step lands on — unless their other roles say they are people, who are no
   * places whatever most of the hop's ends are.
   */
  private endsOfClass(classes: ReadonlySet<string>, ends: ReadonlySet<number>, landing?: SchemaStep): boolean {
    if (this.coRoleClass(classes, ends, landing)) return true;
    return !!landing && !this.coRoleClass(PERSON_CLASS, ends, landing) && this.coRoleClass(classes, this.landingPopulation(landing), landing);
  }

  private readonly coRoleClassMemo = new WeakMap<ReadonlySet<number>, Map<string, boolean>>();

  /** Some role noun most of `ends` hold elsewhere is, by its first senses, of one of `classes` (artifacts aside). */
  private coRoleClass(classes: ReadonlySet<string>, ends: ReadonlySet<number>, landing?: SchemaStep): boolean {
    let memo = this.coRoleClassMemo.get(ends);
    if (!memo) this.coRoleClassMemo.set(ends, (memo = new Map()));
    const key = `${[...classes].join(' ')} ${landing ? `${landing.relation}${landing.direction}` : ''}`;
    let v = memo.get(key);
    if (v === undefined) {
      v = false;
      for (const h of this.coRoles(ends, landing)) for (const c of nounClasses(this.wn, h, QUESTION_NOUN_SENSES)) if (c !== 'noun.artifact' && classes.has(c)) v = true;
      memo.set(key, v);
    }
    return v;
  }

  /** The noun against the role nouns most of `ends` hold elsewhere (see landingSupport): a stem, a near word, a kind. */
  private coRoleSupport(noun: string, ends: ReadonlySet<number>, landing?: SchemaStep): number {
    let best = 0;
    for (const h of this.coRoles(ends, landing)) {
      if (sharesStem(noun, h)) best = Math.max(best, STEM_MATCH);
      else {
        const sim = this.words.similarity(noun, h);
        if (sim >= LANDING_MIN) best = Math.max(best, sim);
        else if (this.wn && nounsRelated(this.wn, noun, h)) best = Math.max(best, LANDING_RELATED);
      }
    }
    return best;
  }

  private computeLandingSupport(noun: string, step: SchemaStep): number {
    const role = this.landingRole(step);
    // A typed wh-word: the role's classes say the end is a place / a time.
    const wh = whClasses(noun);
    if (wh.size) return intersects(wh, role.classes) && [...wh].some((c) => role.classes.has(c) && c !== 'noun.artifact') ? 1 : 0;
    if (!role.words.length && !role.classes.size) return 0;
    // The same word or stem names the role whatever WordNet's senses say ("what sex" / "sex or gender").
    let same = 0;
    for (const w of role.heads) if (sharesStem(noun, w)) same = Math.max(same, this.words.similarity(noun, w));
    if (same > 0) return same;
    const classes = this.classesOfNoun(noun);
    // A tail named by no noun of its own, the noun derived from the label's verb ("which competition" / competes_in,
    // "which location" / located_in): the thing the verb is about, unless the noun is its agent (a player plays for
    // the club, he is not the club), which names the head.
    if (step.direction === 'out' && !role.heads.length && !classes.has('noun.person') && this.matcher.relationWords[step.relation].some((w) => w.length >= 4 && sharesStem(noun, w)))
      return STEM_MATCH;
    // Or a kind of that noun ("in which city" / located_in: a city is a kind of location), WordNet's derivation of
    // the label's verb and the noun's hypernyms.
    if (step.direction === 'out' && !role.heads.length && !classes.has('noun.person') && this.kindOfVerbNoun(noun, step.relation)) return LANDING_RELATED;
    if (classes.size && role.classes.size && !intersects(classes, role.classes)) return 0;
    // The noun against the label itself, for the hop it ends ("in which city" / located_in), when the classes agree.
    const named = role.classes.size ? Math.max(0, this.matcher.contrast(noun, step.relation)) : 0;
    if (!role.heads.length) return named;
    let best = 0;
    for (const w of role.heads) best = Math.max(best, this.words.similarity(noun, w));
    if (best >= LANDING_MIN) return Math.max(best, named);
    // WordNet: the same concept, or the noun a kind of the role ("which screenwriter" / a writer). A role its label
    // names, and names otherwise ("which province" / country), is not this noun's.
    return this.wn && role.heads.some((w) => nounsRelated(this.wn!, noun, w)) ? LANDING_RELATED : 0;
  }

  /**
   * The noun's first sense is a kind of a noun WordNet derives from one of the label's verbs (not its agent: a
   * player plays for a club, he is not one), within VERB_NOUN_DEPTH hypernym steps.
   */
  private kindOfVerbNoun(noun: string, relation: number): boolean {
    const wn = this.wn;
    if (!wn) return false;
    const sense = wn.synsets(noun, 'n', 1)[0];
    if (!sense) return false;
    const targets = new Set<number>();
    for (const v of this.matcher.relationWords[relation])
      if (v.length >= 4 && wn.has(v, 'v'))
        for (const d of wn.related(v, 'v', '+', 'n'))
          // By the word: derivation links the verb to the act of it ("location": the act of locating), the noun's
          // other senses are the thing ("location": a point or extent in space).
          if (d.synset.lexname !== 'noun.person')
            for (const t of wn.synsets(d.word, 'n', 3))
              // Not acts and artifacts: "acts_in" would land on every kind of act (an award, a sport), "works_at" on a work.
              if (!NOT_VERB_NOUN_CLASSES.has(t.lexname)) targets.add(t.offset);
    if (!targets.size) return false;
    return wn.closure(sense, ['@', '@i'], VERB_NOUN_DEPTH).some((s) => targets.has(s.offset));
  }

  private readonly mediatorMemo = new WeakMap<ReadonlySet<number>, boolean>();

  /**
   * See AnalysisContext.namedInQuestion: entities whose whole name is a span of the question's words outside its
   * topic mentions (the people of "powhatan language" are named inside the anchor's name, not beside it), from the
   * linker's exact keys (no pass over the graph); spans of function words alone name nothing. A question offering
   * a choice ("in netherlands or finland") names its answer by design: nothing counts there.
   */
  private namedIn(question: string, mentions: readonly { start: number; end: number }[]): ((entity: number) => boolean) | undefined {
    // The question's text between (not inside) the topic mentions.
    const cuts = [...mentions].sort((a, b) => a.start - b.start);
    const parts: string[] = [];
    let at = 0;
    for (const m of cuts) {
      if (m.start > at) parts.push(question.slice(at, m.start));
      at = Math.max(at, m.end);
    }
    parts.push(question.slice(at));
    const segments = parts.map((s) => wordSpans(s).map((w) => w.norm));
    if (segments.some((words) => words.includes('or'))) return undefined;
    const named = new Set<number>();
    // Spans as long as the linker reads (a question of any length costs words × NAMED_SPAN lookups).
    const longest = Math.min(NAMED_SPAN, this.index.maxKeyLength);
    for (const words of segments)
      for (let i = 0; i < words.length; i++) {
        let content = false;
        for (let j = i; j < Math.min(words.length, i + longest); j++) {
          // A span of function and question words alone names nothing (MetaQA has films called "What?" and "Why?").
          content ||= !STOPWORDS.has(words[j]) && !WH_WORDS.has(words[j]);
          if (!content) continue;
          const k = this.index.lookup(words.slice(i, j + 1));
          if (k !== undefined) for (const e of this.index.keyEntities(k)) named.add(e);
        }
      }
    return named.size ? (e) => named.has(e) : undefined;
  }

  /** See AnalysisContext.mediator: most of a sample of `ends` have an opaque id for a name (MEDIATOR_ID). */
  private mediator(ends: ReadonlySet<number>, sample = 20): boolean {
    let m = this.mediatorMemo.get(ends);
    if (m === undefined) {
      let n = 0;
      let ids = 0;
      for (const e of ends) {
        if (n++ >= sample) break;
        if (MEDIATOR_ID.test(this.graph.names[e])) ids++;
      }
      m = n > 0 && ids * 2 > n;
      this.mediatorMemo.set(ends, m);
    }
    return m;
  }

  /**
   * See AnalysisContext.namesStart: the label names one end only, by a role noun that names the noun, and the step
   * starts from that end ("the heir of X" walking heir backwards lands on the one whose heir X is).
   */
  private namesStart(noun: string, step: SchemaStep): boolean {
    // Only a noun label naming its tail ("X heir Y": Y is the heir) walked back; an "N of" label's head ("X spouse_of
    // Y") may name both ends of a symmetric relation.
    const r = this.roles[step.relation];
    if (step.direction !== 'in' || r.head.heads.length || !r.tail.heads.length || this.reciprocal(step.relation)) return false;
    // (A near word names it as well: "mum" is a chrysanthemum first in WordNet, a mother in the vectors.)
    return r.tail.heads.some((h) => sharesStem(noun, h) || (!!this.wn && nounsRelated(this.wn, noun, h)) || this.words.similarity(noun, h) >= LANDING_MIN);
  }

  private readonly reciprocalMemo = new Map<number, boolean>();

  /**
   * Whether the graph uses a relation as a reciprocal one (a sibling of a sibling's sibling), whichever way each fact
   * is stored: the heads that share a tail are mostly related by it themselves (RECIPROCAL_SHARE of a sample of such
   * pairs). Parents sharing a child are not each other's parents; siblings sharing a sibling are siblings.
   */
  private reciprocal(relation: number): boolean {
    let v = this.reciprocalMemo.get(relation);
    if (v !== undefined) return v;
    const g = this.graph;
    const out = edgeKey(relation, DIR_OUT);
    const inKey = edgeKey(relation, DIR_IN);
    const related = (a: number, b: number): boolean => {
      for (let k = keyStart(g, a, out), end = keyStart(g, a, out + 1); k < end; k++) if (g.edgeNeighbor[k] === b) return true;
      return false;
    };
    let pairs = 0;
    let hits = 0;
    for (const t of spread(holdersOf(g.keyHolders(), inKey), 200)) {
      const heads: number[] = [];
      for (let k = keyStart(g, t, inKey), end = Math.min(k + 6, keyStart(g, t, inKey + 1)); k < end; k++) heads.push(g.edgeNeighbor[k]);
      for (let i = 0; i < heads.length; i++)
        for (let j = i + 1; j < heads.length; j++) {
          pairs++;
          if (related(heads[i], heads[j])) hits++;
        }
    }
    v = pairs >= RECIPROCAL_PAIRS_MIN && hits >= RECIPROCAL_SHARE * pairs;
    this.reciprocalMemo.set(relation, v);
    return v;
  }

  /**
   * See AnalysisContext.landingClash: the noun's classes and the landing role's are both known and disjoint; for a role
   * that says nothing, the noun is no person and what the step lands on holds people's roles.
   */
  private readonly clashMemo = new Map<string, boolean>();

  private landingClash(noun: string, step: SchemaStep): boolean {
    const key = `${noun}\u0000${step.relation}${step.direction}`;
    let v = this.clashMemo.get(key);
    if (v === undefined) {
      v = this.computeLandingClash(noun, step);
      if (this.clashMemo.size > 100_000) this.clashMemo.clear();
      this.clashMemo.set(key, v);
    }
    return v;
  }

  /**
   * See AnalysisContext.voiceDirection: per relation whose label is a verb with its agent at one end ("supervised_by":
   * the tail; "plays_for", "cites": the head) and per mention, the direction of a first hop from the mention when a
   * form of that verb stands beside it. Each mention reads as one word, so a verb inside a title is not the question's.
   */
  private voiceDirections(question: string, mentions: readonly { start: number; end: number }[]): ((relation: number, anchor: number) => Direction | undefined) | undefined {
    const wn = this.wn;
    if (!wn || !mentions.length) return undefined;
    const order = mentions.map((m, i) => ({ m, i })).sort((a, b) => a.m.start - b.m.start);
    let plain = '';
    let at = 0;
    for (const { m, i } of order) {
      plain += `${question.slice(at, m.start)} mention${i}mark `;
      at = m.end;
    }
    const words = tokenizeText(plain + question.slice(at));
    // "[A]'s supervisor": the tokens drop the possessive, which makes A no subject of what follows.
    const possessive = mentions.map((m) => /^['’`]s?(?![\p{L}\p{N}])/u.test(question.slice(m.end)));
    const memo = new Map<string, Direction | undefined>();
    return (relation, anchor) => {
      const key = `${relation}:${anchor}`;
      if (memo.has(key)) return memo.get(key);
      let d: Direction | undefined;
      const m = words.indexOf(`mention${anchor}mark`);
      // A lone label word written right before the mention ("who supplies [A]") is the verb there, however many noun
      // senses it has; right after it, it is as often a noun ("name [A] heads").
      const before = m > 0 ? words[m - 1] : undefined;
      const voice = this.labelVoice(relation, (w) => w === before);
      if (voice && m >= 0) {
        const lemmas = new Set(wn.lemmas(voice.verb, 'v'));
        const role = mentionVoice(words, m, (w) => wn.lemmas(w, 'v').some((l) => lemmas.has(l)), possessive[anchor]);
        // The mention at the agent's end starts the hop there: from the head 'out', from the tail 'in'.
        if (role) d = (role === 'agent') === (voice.agent === 'head') ? 'out' : 'in';
      }
      memo.set(key, d);
      return d;
    };
  }

  /**
   * A label that is a verb and which end is its agent: "V-ed by" (the tail), an -s form with at most a preposition (the
   * head).
   */
  private labelVoice(relation: number, written: (word: string) => boolean = () => false): { verb: string; agent: 'head' | 'tail' } | undefined {
    const label = this.graph.relationLabels[relation];
    if (/^[\w-]+(\.[\w-]+){2,}$/.test(label) || !this.wn) return undefined;
    const t = tokenizeLabel(label);
    if (t.length === 2 && t[1] === 'by' && this.wn.lemmas(t[0], 'v').some((l) => l !== t[0])) return { verb: t[0], agent: 'tail' };
    // A lone word with more senses as a noun than as a verb is a plural noun ("parents", "awards", "heads"; not
    // "cites") unless the question writes it as the verb (`written`); with a preposition it is the verb.
    if (t.length === 1 && !written(t[0]) && this.wn.synsets(t[0], 'n').length > this.wn.synsets(t[0], 'v').length) return undefined;
    // An -s form only: a past form says nothing of which end acted ("A acquired B", but "P prescribed D": P was
    // prescribed D).
    if (t.length <= 2 && t[0].endsWith('s') && !VOICELESS.has(t[0]) && (t.length === 1 || VOICE_PREPOSITIONS.has(t[1])) && this.wn.lemmas(t[0], 'v').some((l) => l !== t[0]))
      return { verb: t[0], agent: 'head' };
    return undefined;
  }

  /** See AnalysisContext.landsOnClass: the noun's first sense's class (not an artifact: too broad) among the role's. */
  private landsOnClass(noun: string, step: SchemaStep): boolean {
    const role = this.landingRole(step);
    const first = this.wn?.synsets(noun, 'n', 1)[0]?.lexname;
    return !!first && first !== 'noun.artifact' && role.classes.has(first);
  }

  private readonly leafLandingMemo = new Map<string, boolean>();

  /** See AnalysisContext.landsOnLeafPlace. */
  private landsOnLeafPlace(noun: string, step: SchemaStep): boolean {
    // A place noun (a university, a writer or a battle also has instances that seldom hold parts).
    if (!this.wn || this.wn.synsets(noun, 'n', 1)[0]?.lexname !== 'noun.location' || !this.landsOnClass(noun, step) || !this.leafPlace(noun)) return false;
    const key = `${noun}\u0000${step.relation}${step.direction}`;
    let v = this.leafLandingMemo.get(key);
    if (v !== undefined) return v;
    // The names of everything the relation reaches there: mostly calling it some other kind of thing (St Kenelm's
    // Abbey, Vireux Cemetery, Northgate General Hospital) says the noun's place is further on.
    let named = 0;
    let other = 0;
    for (const e of spread(this.landingHolders(step), 200)) {
      if (this.graph.literalOf(e)) continue;
      named++;
      if (this.nameTokens(e).some((t) => t.length >= 4 && !sharesStem(t, noun) && this.namesOtherPlace(t))) other++;
    }
    v = named > 0 && other < named / 2;
    if (this.leafLandingMemo.size > 10_000) this.leafLandingMemo.clear();
    this.leafLandingMemo.set(key, v);
    return v;
  }

  /** The role a step's label gives the end it lands on: the tail's walking out, the head's walking in. */
  private landingRole(step: SchemaStep): EndRole {
    const r = this.roles[step.relation];
    return step.direction === 'out' ? r.tail : r.head;
  }

  /**
   * A name word whose first sense is an artifact or a location (an abbey, a cemetery), or an institution: a group
   * first, the building it is housed in next (a university, a college, a school; not a village or a dynasty). Not a
   * place's own name, which WordNet lists as an instance.
   */
  private namesOtherPlace(word: string): boolean {
    const [first, second] = this.wn!.synsets(word, 'n', 2);
    // A place's own name (Chicago, Lyon: an instance of a city) calls it nothing else.
    if (!first || first.pointers.some((p) => p.symbol === '@i')) return false;
    return NAMED_OTHER_PLACE.has(first.lexname) || (first.lexname === 'noun.group' && second?.lexname === 'noun.artifact');
  }

  private readonly belowMemo = new WeakMap<ReadonlySet<number>, Map<string, boolean>>();

  /** See AnalysisContext.liesBelow: over the names of a few ends that WordNet lists as instances. */
  private liesBelow(noun: string, ends: ReadonlySet<number>, sample = 8): boolean {
    const wn = this.wn;
    if (!wn) return false;
    let memo = this.belowMemo.get(ends);
    const known = memo?.get(noun);
    if (known !== undefined) return known;
    let v = false;
    if (wn.synsets(noun, 'n', 2).some((x) => x.lexname === 'noun.location') && !this.leafPlace(noun)) {
      let found = 0;
      let leaf = 0;
      for (const e of ends) {
        if (found >= sample) break;
        if (this.graph.literalOf(e)) continue;
        const kinds = wn.synsets(this.graph.names[e].toLowerCase(), 'n', 1)[0]?.pointers.filter((p) => p.symbol === '@i') ?? [];
        if (!kinds.length) continue;
        found++;
        const leafKind = kinds.some((p) => {
          const k = wn.synset(p.offset, 'n');
          return !!k && k.lexname === 'noun.location' && this.leafPlace(k.words[0]);
        });
        if (leafKind) leaf++;
      }
      v = found > 0 && leaf * 2 > found;
    }
    if (!memo) this.belowMemo.set(ends, (memo = new Map()));
    memo.set(noun, v);
    return v;
  }

  private readonly leafMemo = new Map<string, boolean>();

  /**
   * A place noun whose WordNet instances lie within others and seldom hold parts of their own (town 3%, city 6%,
   * place 0%; region 22%, province 61%, country 88%): over the instances of its first two senses and their kinds.
   */
  private leafPlace(noun: string): boolean {
    let v = this.leafMemo.get(noun);
    if (v !== undefined) return v;
    const wn = this.wn!;
    let instances = 0;
    let holding = 0;
    for (const s of wn.synsets(noun, 'n', 2))
      for (const k of [s, ...wn.closure(s, ['~'], 2)])
        for (const i of wn.closure(k, ['~i'], 1)) {
          instances++;
          if (i.pointers.some((p) => p.symbol === '%p')) holding++;
        }
    v = instances >= LEAF_PLACE_INSTANCES && holding < LEAF_PLACE_HOLDING * instances;
    if (this.leafMemo.size > 10_000) this.leafMemo.clear();
    this.leafMemo.set(noun, v);
    return v;
  }

  private computeLandingClash(noun: string, step: SchemaStep): boolean {
    const role = this.landingRole(step);
    if (role.heads.some((w) => sharesStem(noun, w))) return false;
    const classes = this.classesOfNoun(noun);
    if (!classes.size) return false;
    if (role.classes.size) return !intersects(classes, role.classes);
    // A label that says nothing of the end it lands on (father walked back: the child) lets the other roles of what
    // it lands on say whether those are people (children are fathers, mothers, spouses: no cemetery). Only people:
    // the other classes those roles mix are too loose to rule a noun out.
    const have = this.endClasses(this.landingPopulation(step));
    return have.has('noun.person') && !classes.has('noun.person') && !intersects(classes, have);
  }

  /** See AnalysisContext.typeFit. */
  private typeFit(answer: AnswerType, ends: ReadonlySet<number>, landing?: SchemaStep): number {
    const want = answer.noun ? this.classesOfNoun(answer.noun) : whClasses(whKey(answer));
    if (!want.size) return 0;
    // The role the last hop gives its ends says what they are in this reading; every role they play elsewhere
    // mixes classes (a principal investigator also works at and is a member of places and groups).
    const role = landing ? this.landingRole(landing) : undefined;
    const have = role?.classes.size ? role.classes : this.endClasses(ends);
    if (!have.size) return 0;
    // A person is no place, whatever artifact another sense of the role's noun names (a coach is also a carriage).
    // Nor is a place an answer to "who" for being an institution too (what a "published in" lands on: a location, an
    // artifact, a group): without a person among its classes, only a label naming a group says so.
    const placeGroup = !answer.noun && have.has('noun.location') && !have.has('noun.person');
    const shared = [...want].filter((c) => have.has(c) && !(c === 'noun.artifact' && !answer.noun && have.has('noun.person')) && !(c === 'noun.group' && placeGroup));
    if (shared.length) return 1;
    // For a typed wh-word, what the ends are elsewhere when the label's noun says otherwise ("where … from" /
    // nationality: countries), read over everything the hop lands on when these few ends play no other role. A
    // question noun is more specific than the classes other roles share.
    if (!answer.noun && role?.classes.size && this.endsOfClass(want, ends, landing)) return 1;
    // Abstract classes (acts, attributes, states, …) overlap in use; only concrete ones tell things apart.
    return [...want].every((c) => CONCRETE_CLASSES.has(c)) ? -1 : 0;
  }

  /** See AnalysisContext.sameKind: the majority relations of each side's ends (edges to the anchor left out). */
  private sameKind(out: ReadonlySet<number>, back: ReadonlySet<number>, anchor: number, relation: number): boolean {
    const a = this.otherRelations(out, anchor);
    const b = this.otherRelations(back, anchor);
    // Ends of the anchor's own kind (a person's parents and children, a class's parent and subclasses): the
    // direction is the meaning, never how the graph happened to be written.
    const own = this.otherRelations(new Set([anchor]), -1, 1, relation);
    if (own && ((a && overlaps(own, a)) || (b && overlaps(own, b)))) return false;
    // One side with nothing else to say about it: nothing says the two are different things.
    return !a || !b || overlaps(a, b);
  }

  /**
   * Relation-direction pairs that at least a third of a sample of `ends` take part in, edges to `anchor` left out;
   * undefined when no end has any other edge (nothing says what they are).
   */
  private otherRelations(ends: ReadonlySet<number>, anchor: number, sample = 20, skip = -1): Set<number> | undefined {
    const g = this.graph;
    const count = new Map<number, number>();
    let n = 0;
    let seen = 0;
    for (const e of ends) {
      if (seen++ >= sample) break;
      const mine = new Set<number>();
      for (let k = g.offsets[e]; k < g.offsets[e + 1]; k++) if (g.edgeNeighbor[k] !== anchor && g.edgeRelation[k] !== skip) mine.add(g.edgeRelation[k] * 2 + (g.edgeDirection[k] === DIR_OUT ? 0 : 1));
      if (mine.size === 0) continue;
      n++;
      for (const k of mine) count.set(k, (count.get(k) ?? 0) + 1);
    }
    if (n === 0) return undefined;
    return new Set([...count].filter(([, c]) => c >= n / 3).map(([k]) => k));
  }

  /** See AnalysisContext.namesAnchorType: a noun whose class does not contradict the anchor's own classes. */
  private namesAnchorType(word: string, anchor: number): boolean {
    if (!this.wn || !this.isPhraseNoun(word)) return false;
    // An inflected verb form right before a mention is its verb ("manufactures [X]", "films [X] acted in").
    if (this.wn.lemmas(word, 'v').some((l) => l !== word)) return false;
    const have = this.endClasses(new Set([anchor]));
    const mine = this.classesOfNoun(word);
    return !have.size || !mine.size || intersects(mine, have);
  }

  /**
   * See AnalysisContext.namesAnchorRole: whether the roles the noun names cover at least half of the anchor's edges
   * (counted per relation and direction first: a hub's edges are not compared one by one).
   */
  private namesAnchorRole(noun: string, anchor: number): boolean {
    const g = this.graph;
    const from = g.offsets[anchor];
    const to = g.offsets[anchor + 1];
    if (to <= from) return false;
    const count = new Map<number, number>();
    for (let k = from; k < to; k++) {
      const key = g.edgeRelation[k] * 2 + (g.edgeDirection[k] === DIR_OUT ? 0 : 1);
      count.set(key, (count.get(key) ?? 0) + 1);
    }
    let named = 0;
    for (const [key, n] of count) {
      const r = this.roles[key >> 1];
      // Seen from the anchor: an out-edge makes it the head, an in-edge the tail.
      const heads = (key & 1 ? r.tail : r.head).heads;
      if (heads.some((h) => sharesStem(noun, h) || this.words.similarity(noun, h) >= LANDING_MIN)) named += n;
    }
    return named * 2 >= to - from;
  }

  /** The question with its compounds and verb collocations spelled out in plain words (see inLawCompounds, verbCollocations). */
  private async spellOut<T extends { start: number; end: number }>(
    question: string,
    mentions: readonly T[],
  ): Promise<{ question: string; mentions: T[]; verbs: { start: number; end: number }[] }> {
    const typed = this.typos ? correctTypos(question, mentions, this.typos) : { question, mentions: [...mentions] };
    const inLaws = spellOutInLaws(typed.question, typed.mentions);
    if (!this.wn) return { ...inLaws, verbs: [] };
    // Kin of kin are weighed against the labels too: embed the nouns and their definitions' kin first.
    const kinWords = new Set<string>();
    for (const [w] of inLaws.question.toLowerCase().matchAll(/[a-z]+/g)) {
      const def = this.kinGloss(w);
      if (def) for (const k of [w, def.kin, ...def.of]) kinWords.add(k);
    }
    if (kinWords.size) await this.words.prepare(kinWords);
    const kin = spellOutKinOfKin(
      inLaws.question,
      inLaws.mentions,
      (w) => this.kinOfKin(w),
      (m) => this.wn!.related(m, 'a', '\\', 'n').map((r) => r.word),
      (a, b) => this.wn!.lemmas(`${a} ${b}`, 'n').length > 0,
    );
    const mates = spellOutMates(kin.question, kin.mentions, (w, thing) => this.isPersonCompound(w, thing));
    // The collocations' one-word synonyms are weighed against the labels: embed them first.
    const synonyms: string[] = [];
    spellOutCollocations(mates.question, mates.mentions, (words) => void synonyms.push(...this.collocationSynonyms(words), ...this.compoundSynonyms(words)));
    if (synonyms.length) await this.words.prepare(new Set(synonyms));
    // Noun compounds first ("burial ground" → cemetery); the verbs' spans are those of the final text.
    const nouns = spellOutCollocations(mates.question, mates.mentions, (words) => this.namingSynonym(this.compoundSynonyms(words)));
    return spellOutCollocations(nouns.question, nouns.mentions, (words) => this.namingSynonym(this.collocationSynonyms(words)));
  }

  private readonly kinGlossMemo = new Map<string, KinOfKin | null>();

  /**
   * A person noun WordNet defines as another kin's kin ("grandfather: the father of your father or mother", "nephew:
   * a son of your brother or sister"), by its most frequent sense; the kin are person nouns themselves.
   */
  private kinGloss(word: string): KinOfKin | undefined {
    let def = this.kinGlossMemo.get(word);
    if (def === undefined) {
      def = null;
      const wn = this.wn;
      const s = wn?.synsets(word, 'n', 1)[0];
      const m = s?.lexname === 'noun.person' ? KIN_GLOSS.exec(s.gloss) : null;
      if (wn && m) {
        const of = [m[2], m[3]].filter((x): x is string => !!x);
        if ([m[1], ...of].every((k) => wn.synsets(k, 'n', 1)[0]?.lexname === 'noun.person')) def = { kin: m[1], of };
      }
      if (this.kinGlossMemo.size > 100_000) this.kinGlossMemo.clear();
      this.kinGlossMemo.set(word, def);
    }
    return def ?? undefined;
  }

  /**
   * The kin-of-kin reading of a noun when the graph has no relation of its own for it: the relation it names best is
   * the one its kin names ("grandfather" and "father" both name father), and the kin names one.
   */
  private kinOfKin(word: string): KinOfKin | undefined {
    const def = this.kinGloss(word);
    if (!def || this.matcher.bestContrast(def.kin) < this.supportMin) return undefined;
    if (this.matcher.bestContrast(word) >= this.supportMin && this.matcher.bestRelation(word) !== this.matcher.bestRelation(def.kin)) return undefined;
    return def;
  }

  /** One-word synonyms of a noun compound's most frequent sense ("burial ground": graveyard, cemetery, necropolis). */
  private compoundSynonyms(words: readonly string[]): string[] {
    const wn = this.wn!;
    const last = words[words.length - 1];
    for (const lemma of wn.lemmas(last, 'n')) {
      const phrase = [...words.slice(0, -1), lemma].join(' ');
      if (!wn.lemmas(phrase, 'n').includes(phrase)) continue;
      return wn.synsets(phrase, 'n', 1)[0]?.words.filter((w) => !w.includes(' ') && !w.includes('-') && !words.includes(w)) ?? [];
    }
    return [];
  }

  /** One-word synonyms of a verb collocation's most frequent sense (none when the words are no collocation). */
  private collocationSynonyms(words: readonly string[]): string[] {
    const wn = this.wn!;
    for (const lemma of wn.lemmas(words[0], 'v')) {
      // "what did X do in 1990", "has on": auxiliaries head no collocation of the question.
      if (AUXILIARY_LEMMAS.has(lemma)) return [];
      const phrase = [lemma, ...words.slice(1)].join(' ');
      if (!wn.lemmas(phrase, 'v').includes(phrase)) continue;
      return wn.synsets(phrase, 'v', 1)[0]?.words.filter((w) => !w.includes(' ') && !w.includes('-')) ?? [];
    }
    return [];
  }

  /**
   * The one word a verb collocation or noun compound means (WordNet's most frequent sense: "laid to rest" → bury,
   * "passed away" → die, "burial ground" → cemetery): the first of its one-word synonyms that names a relation of the
   * graph ("set up" → found for founded_by); none when no synonym names one ("come in" is no "enter" unless the
   * graph has one). A plural compound reads as the singular: the same relation.
   */
  private namingSynonym(singles: readonly string[]): string | undefined {
    // The first in WordNet's order (its most frequent lemma first) that names one: a rare synonym's vectors are
    // skewed ("necropolis" lies nearer "located in" than "cemetery" does, and nearer than to "buried at").
    return singles.find((w) => this.matcher.bestContrast(w) >= this.supportMin);
  }

  private get supportMin(): number {
    return this.options.weights?.supportMin ?? DEFAULT_ANALYSIS_WEIGHTS.supportMin;
  }

  /** A "-mate" compound naming a person ("teammate": noun.person) whose first part is a noun of its own ("team"). */
  private isPersonCompound(word: string, thing: string): boolean {
    return !!this.wn && this.wn.has(thing, 'n') && this.namesPerson(word);
  }

  private readonly aliasMemo = new Map<string, SchemaStep[]>();

  /**
   * See AnalysisContext.aliases: over a sample of this step's facts, the other relations joining the same two entities,
   * stored the other way round; those holding at least ALIAS_SHARE of them.
   */
  private aliases(step: SchemaStep, sample = 64): SchemaStep[] {
    const key = `${step.relation}${step.direction}`;
    let out = this.aliasMemo.get(key);
    if (out) return out;
    const g = this.graph;
    const dir = step.direction === 'out' ? DIR_OUT : DIR_IN;
    const count = new Map<number, number>();
    let n = 0;
    // Holders spread over the whole list, and several facts of each when holders are few (the houses of a genealogy
    // hold many members each, and their first facts are no sample of them).
    const picks = spread(holdersOf(g.keyHolders(), step.relation * 2 + dir), sample);
    const perHolder = Math.max(1, Math.ceil(sample / Math.max(1, picks.length)));
    for (const x of picks) {
      if (n >= sample) break;
      const from = g.offsets[x];
      const to = g.offsets[x + 1];
      // Hubs would cost a scan of all their edges.
      if (to - from > ALIAS_SCAN) continue;
      const facts: number[] = [];
      for (let k = from; k < to; k++) if (g.edgeRelation[k] === step.relation && g.edgeDirection[k] === dir) facts.push(k);
      const take = Math.min(perHolder, facts.length);
      for (let f = 0; f < take && n < sample; f++) {
        // Evenly spaced, from the middle of each stretch: not always the lowest neighbour.
        const y = g.edgeNeighbor[facts[Math.floor(((f + 0.5) * facts.length) / take)]];
        n++;
        const seen = new Set<number>();
        // Only facts stored the other way round (her has_child, its mother): two relations stored the same way that
        // often join the same two entities (a film's director and writer) are different facts about them.
        for (let k = from; k < to; k++) if (g.edgeNeighbor[k] === y && g.edgeRelation[k] !== step.relation && g.edgeDirection[k] !== dir) seen.add(g.edgeRelation[k] * 2 + g.edgeDirection[k]);
        for (const s of seen) count.set(s, (count.get(s) ?? 0) + 1);
      }
    }
    out = [...count]
      .filter(([, c]) => n >= ALIAS_MIN_FACTS && c >= ALIAS_SHARE * n)
      .map(([k]) => ({ relation: k >> 1, direction: (k & 1) === DIR_OUT ? ('out' as const) : ('in' as const) }));
    if (this.aliasMemo.size > 100_000) this.aliasMemo.clear();
    this.aliasMemo.set(key, out);
    return out;
  }

  /** The noun's first WordNet sense names a kind of person (wife, daughter, coach, teammate). */
  private namesPerson(noun: string): boolean {
    return !!this.wn && this.wn.synsets(noun, 'n', 1)[0]?.lexname === 'noun.person';
  }

  private isPhraseNoun(word: string): boolean {
    return !!this.wn && isPhraseNoun(this.wn, word);
  }

  private readonly nounClassMemo = new Map<string, Set<string>>();

  private classesOfNoun(word: string): Set<string> {
    let c = this.nounClassMemo.get(word);
    if (!c) {
      c = nounClasses(this.wn, word, QUESTION_NOUN_SENSES);
      if (this.nounClassMemo.size > 50_000) this.nounClassMemo.clear();
      this.nounClassMemo.set(word, c);
    }
    return c;
  }

  private readonly endClassMemo = new WeakMap<ReadonlySet<number>, Set<string>>();

  /**
   * Semantic classes of a sample of `ends`, read from the roles they play: the tail role of the relations they are
   * the tail of, the head role of those they are the head of, by at least a third of the sample; literal dates are
   * times and numbers quantities.
   */
  private endClasses(ends: ReadonlySet<number>, sample = 40): Set<string> {
    const memo = this.endClassMemo.get(ends);
    if (memo) return memo;
    const g = this.graph;
    const count = new Map<number, number>();
    let n = 0;
    let dates = 0;
    let numbers = 0;
    for (const e of ends) {
      if (n++ >= sample) break;
      const kind = g.literalOf(e);
      if (kind === 'date') dates++;
      else if (kind === 'number') numbers++;
      const seen = new Set<number>();
      for (let k = g.offsets[e]; k < g.offsets[e + 1]; k++) seen.add(g.edgeRelation[k] * 2 + (g.edgeDirection[k] === DIR_OUT ? 0 : 1));
      for (const s of seen) count.set(s, (count.get(s) ?? 0) + 1);
    }
    const out = new Set<string>();
    if (dates >= n / 2 && n) out.add('noun.time');
    if (numbers >= n / 2 && n) out.add('noun.quantity');
    for (const [s, c] of count) {
      if (c < n / 3) continue;
      const r = this.roles[s >> 1];
      // Seen from the entity: an out-edge makes it the head, an in-edge the tail.
      for (const cl of (s & 1 ? r.tail : r.head).classes) out.add(cl);
    }
    this.endClassMemo.set(ends, out);
    return out;
  }

  /** See AnalysisContext.categorical; computed once per graph (index relation·2 + 0 for out, 1 for in). */
  private categorical(relation: number, direction: 'out' | 'in'): number {
    return this.graph.categorical()[relation * 2 + (direction === 'out' ? 0 : 1)] ?? 0;
  }

  private readonly nameTokenMemo = new Map<number, string[]>();

  private nameTokens(e: number): string[] {
    let t = this.nameTokenMemo.get(e);
    if (!t) {
      t = tokenizeText(this.graph.names[e]).filter((x) => x.length >= 3);
      if (this.nameTokenMemo.size > 200_000) this.nameTokenMemo.clear();
      this.nameTokenMemo.set(e, t);
    }
    return t;
  }

  /** Follow-up guided refinement (FollowUpQuestionSkill): next-best chains for the missing bridge or constraint. */
  async followUpQuestion(request: FollowUpQuestionRequest): Promise<FollowUpQuestion | undefined> {
    return followUpQuestion(request);
  }

  private async prepareLabels(labels: Iterable<string>): Promise<void> {
    const missing = [...labels].filter((l) => !this.labelVectors.has(l));
    if (!missing.length) return;
    const vecs = await this.drm.embed(missing.map(relationText));
    missing.forEach((l, i) => this.labelVectors.set(l, vecs[i]));
  }

  private labelSimilarity(a: string, b: string): number {
    if (a === b) return 1;
    const va = this.labelVectors.get(a);
    const vb = this.labelVectors.get(b);
    return va && vb ? Math.max(0, cosine(va, vb)) : 0;
  }
}

/** WordNet classes of things that are never of another of these classes (a person is no place, no date). */
const CONCRETE_CLASSES = new Set([
  'noun.person', 'noun.location', 'noun.time', 'noun.artifact', 'noun.group', 'noun.animal', 'noun.plant', 'noun.food',
  'noun.substance', 'noun.body', 'noun.object', 'noun.quantity', 'noun.communication',
]);
/**
 * Names that are opaque node ids, not names: Freebase mids ("m.0105vxrz", "g.11b…") and RDF blank nodes ("_:b12"),
 * the mediator (CVT) nodes that join the parts of one n-ary fact.
 */
const MEDIATOR_ID = /^(?:[mg]\.[0-9a-z_]{4,}|_:[\w-]+)$/i;
/** Senses of a question's noun whose classes count (a role noun's: labelRoles). */
const QUESTION_NOUN_SENSES = 2;
/** Verbs that head no collocation worth reading as one word in a question (do-support, copula, perfect). */
const AUXILIARY_LEMMAS = new Set(['do', 'be', 'have']);
/** Share of a step's sampled facts another relation must hold to be its alias (see aliases). */
const ALIAS_SHARE = 0.3;
/** Fewest sampled facts before any alias is named (a relation of two facts says nothing). */
const ALIAS_MIN_FACTS = 8;
/** Entities with more edges than this are skipped when sampling facts for aliases. */
const ALIAS_SCAN = 5_000;
/** A noun at least this similar to a role word of the end a hop lands on names that end. */
const LANDING_MIN = 0.7;
/** "the father of your father or mother": a kin noun's definition as another kin's kin. */
const KIN_GLOSS = /^(?:a|an|the) ([a-z]+) of your ([a-z]+)(?: or ([a-z]+))?(?=$|[;,\s])/;
/** How many times its noun senses a main verb's verb senses must number to count as a verb (see lightMainVerb). */
const MAIN_VERB_NOUN_RATIO = 5;
/** WordNet verb senses from which a verb is too vague to leave a reading unexplained (go 30, run 41, get 36). */
const LIGHT_VERB_SENSES = 20;
/** Classes of a noun derived from a label's verb that say nothing of what the label lands on (see kindOfVerbNoun). */
const NOT_VERB_NOUN_CLASSES = new Set(['noun.person', 'noun.act', 'noun.artifact']);
/** A place noun with at least this many WordNet instances, fewer than this share of them holding parts, lies within others. */
const LEAF_PLACE_INSTANCES = 5;
const LEAF_PLACE_HOLDING = 0.15;
/** Classes of a name's nouns that call a place something other than a town (an abbey, a cemetery, a hospital). */
const NAMED_OTHER_PLACE = new Set(['noun.artifact', 'noun.location']);
/** Verb forms a label may start with that name no action ("has_child"). */
const VOICELESS = new Set(['has', 'is', 'was', 'does']);
const VOICE_PREPOSITIONS = new Set(['for', 'in', 'at', 'on', 'to', 'from', 'with', 'into', 'as', 'about', 'under', 'against']);
/** Hypernym steps from a question noun up to a noun derived from a label's verb ("city" … "location"). */
const VERB_NOUN_DEPTH = 5;
/** Names at a relation's end that must carry the answer noun for it to type that end (see namedKindSupport). */
const NAMED_KIND_MIN = 1;
const NAMED_KIND_SHARE = 0.05;
/** The same for name words that are a kind of the noun (WordNet, any sense): most of the population. */
const NAMED_KIND_MIN_WORDNET = 3;
const NAMED_KIND_SHARE_WORDNET = 0.5;
/** With a landing step, the smallest share of the sampled ends counted as holding other roles (see coRoles). */
const CO_ROLE_MIN_HOLDING = 0.25;

/**
 * The question's noun `a` names the role noun `b`: one concept, or `a` a kind of `b` ("screenwriter" names a writer;
 * hypernyms within three steps, first senses). A more general noun ("person" for an actor) only agrees in type.
 */
function nounsRelated(wn: WordNet, a: string, b: string): boolean {
  const sa = wn.synsets(a, 'n', 1);
  const sb = wn.synsets(b, 'n', 3);
  if (!sa.length || !sb.length) return false;
  const ids = (xs: readonly { offset: number }[]): Set<number> => new Set(xs.map((x) => x.offset));
  const ia = ids(sa);
  const ib = ids(sb);
  for (const x of ia) if (ib.has(x)) return true;
  const up = (xs: typeof sa): Set<number> => ids(xs.flatMap((x) => wn.closure(x, ['@', '@i'], 3)));
  const ua = up(sa);
  for (const x of ib) if (ua.has(x)) return true;
  return false;
}

/** Whether some noun sense of `specific` is one of `targets` (a noun's first senses), or a kind of one (two steps up). */
function anySenseKindOf(wn: WordNet, specific: string, targets: ReadonlySet<number>): boolean {
  if (!targets.size) return false;
  return wn.synsets(specific, 'n').some((x) => targets.has(x.offset) || wn.closure(x, ['@'], 2).some((y) => targets.has(y.offset)));
}

/** First senses of a general place or time noun: what an event noun's hop lands on ("the place of death"). */
const SETTING_CLASSES = new Set(['noun.location', 'noun.time', 'noun.Tops']);
const EVENT_CLASSES = new Set(['noun.event', 'noun.act', 'noun.process']);
const THING_CLASSES = new Set(['noun.person', 'noun.location', 'noun.artifact', 'noun.group', 'noun.communication']);

/** A noun whose first two senses include an event or act and no thing (death, birth, burial; not a club, a release or a publication). */
function eventNoun(wn: WordNet, noun: string): boolean {
  const senses = wn.synsets(noun, 'n', 2);
  return senses.some((s) => EVENT_CLASSES.has(s.lexname)) && !senses.some((s) => THING_CLASSES.has(s.lexname));
}

/**
 * One of `specific`'s first two senses is, within three hypernym steps, one of `general`'s first three, across
 * lexicographer classes: a grave (an artifact) used as a place (a location). Within one class (a city, a region) the
 * general noun may name a thing of its own that lies beyond.
 */
function nounKindOf(wn: WordNet, specific: string, general: string): boolean {
  const targets = new Set(wn.synsets(general, 'n', 3).map((x) => x.offset));
  if (!targets.size) return false;
  return wn.synsets(specific, 'n', 2).some((x) => wn.closure(x, ['@', '@i'], 3).some((y) => targets.has(y.offset) && y.lexname !== x.lexname));
}

/** Co-head pairs sampled (at least) and the share of them related by the relation itself for it to be reciprocal. */
const RECIPROCAL_PAIRS_MIN = 10;
const RECIPROCAL_SHARE = 0.5;

/** Peers sampled (at least) and the share of them that must hold a relation for its absence to be a missing hop. */
const MISSING_PEERS_MIN = 20;
const MISSING_PEER_SHARE = 0.1;

/** At most `count` items spread evenly over the whole list (not its first ones), in list order. */
function spread(items: Int32Array, count: number): number[] {
  const picks = Math.min(items.length, count);
  return Array.from({ length: picks }, (_, t) => items[Math.floor((t * items.length) / picks)]);
}

/** The direction the entities a step lands on hold its relation in: a tail of an out-step holds it as an in-edge. */
function landingDir(step: SchemaStep): number {
  return step.direction === 'out' ? DIR_IN : DIR_OUT;
}

function overlaps(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  for (const x of a) if (b.has(x)) return true;
  return false;
}

function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const x of a) if (b.has(x)) return true;
  return false;
}

/** Semantic classes a typed wh-word asks for (WordNet lexicographer classes). */
function whClasses(wh: string | undefined): Set<string> {
  if (wh === 'who' || wh === 'whom') return new Set(['noun.person', 'noun.group']);
  if (wh === 'where') return new Set(['noun.location', 'noun.artifact']);
  if (wh === 'when') return new Set(['noun.time']);
  if (wh === ACTIVITY_KEY) return new Set(['noun.act']);
  return new Set();
}

/** Ends whose other roles say they are people are no places, whatever most of what the hop lands on is. */
const PERSON_CLASS: ReadonlySet<string> = new Set(['noun.person']);

/** Wh-words answerNouns passes along with the content nouns. */
const TYPED_WH = new Set(['who', 'whom', 'where', 'when']);
/** Ends (named, non-literal) needed before a shared head word counts as their type, and the share that must have it. */
const TYPE_HEAD_MIN = 3;
const TYPE_HEAD_SHARE = 0.8;
/** Candidate-type value of ends whose shared head word no answer noun names (below the usual 0 of "no evidence"). */
const TYPE_HEAD_MISMATCH = 0.3;

/** Relations a sample of `ends` are tails of, with the share of the sample that is (see AnalysisContext). */
export function valueRoles(graph: MemoryGraph, ends: ReadonlySet<number>, sample = 40): Map<number, number> {
  const count = new Map<number, number>();
  let n = 0;
  for (const e of ends) {
    if (n++ >= sample) break;
    const seen = new Set<number>();
    for (let k = graph.offsets[e]; k < graph.offsets[e + 1]; k++) if (graph.edgeDirection[k] !== DIR_OUT) seen.add(graph.edgeRelation[k]);
    for (const r of seen) count.set(r, (count.get(r) ?? 0) + 1);
  }
  const out = new Map<number, number>();
  for (const [r, c] of count) out.set(r, c / Math.max(1, n));
  return out;
}

/** Share of an anchor's first-step edges per (relation, direction), from the reachable one-step schema paths. */
function anchorShares(paths: readonly { anchor: number; steps: SchemaStep[]; ends: Set<number> }[], anchor: number): Map<string, number> {
  const first = paths.filter((p) => p.anchor === anchor && p.steps.length === 1);
  const total = first.reduce((n, p) => n + p.ends.size, 0);
  const out = new Map<string, number>();
  for (const p of first) out.set(`${p.steps[0].relation}${p.steps[0].direction}`, total ? p.ends.size / total : 0);
  return out;
}

/** Whether `plural` is a regular plural of `noun` (movie → movies, church → churches, city → cities, house → houses). */
function pluralOf(noun: string, plural: string): boolean {
  return plural === `${noun}s` || plural === `${noun}es` || (/[^aeiou]y$/.test(noun) && plural === `${noun.slice(0, -1)}ies`);
}

/**
 * Whether a name's word is the noun itself, singular or plural ("hospitals" / "… Hospital"): a derivation sharing
 * its stem is another concept ("nationality" / "United Nations").
 */
function sameNoun(noun: string, word: string): boolean {
  return noun === word || pluralOf(noun, word) || pluralOf(word, noun);
}
