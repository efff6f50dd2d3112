// Shared machinery of the development-graph generators: a seeded random source, the facts of a world (what is true,
// kept apart from how a user's graph happens to label or orient it), chains of steps over those facts, and the
// question writer that turns a chain and its templates into `question<TAB>gold|gold` lines.
// Gold answers come from the facts, not from the emitted triples, so a fact stored in only one direction (a child
// listed under its mother but not under its father) still counts; every fact is emitted in at least one direction.
import { createPrng } from '../../src-main/engine/random/prng.js';

export interface Rand {
  next(): number;
  int(lo: number, hi: number): number;
  pick<T>(xs: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(xs: readonly T[]): T[];
}

export function createRand(seed: number): Rand {
  const next = createPrng(seed).next;
  const shuffle = <T>(xs: readonly T[]): T[] => {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
    chance: (p) => next() < p,
    shuffle,
  };
}

/** True facts, indexed both ways: `r` is the world's own relation name, not a graph label. */
export class Facts {
  private readonly outs = new Map<string, Map<string, string[]>>();
  private readonly ins = new Map<string, Map<string, string[]>>();

  add(h: string, r: string, t: string): void {
    push(this.outs, h, r, t);
    push(this.ins, t, r, h);
  }
  out(e: string, r: string): string[] {
    return this.outs.get(e)?.get(r) ?? [];
  }
  in(e: string, r: string): string[] {
    return this.ins.get(e)?.get(r) ?? [];
  }
  one(e: string, r: string): string | undefined {
    return this.out(e, r)[0];
  }
}

function push(m: Map<string, Map<string, string[]>>, a: string, r: string, b: string): void {
  let byRel = m.get(a);
  if (!byRel) m.set(a, (byRel = new Map()));
  const list = byRel.get(r);
  if (list) list.push(b);
  else byRel.set(r, [b]);
}

/** One hop of a chain: the entities one step away from `e`. */
export type Step = (f: Facts, e: string) => string[];

export const out = (r: string): Step => (f, e) => f.out(e, r);
export const inv = (r: string): Step => (f, e) => f.in(e, r);
export const both = (r: string): Step => (f, e) => [...f.out(e, r), ...f.in(e, r)];
export const union = (...steps: Step[]): Step => (f, e) => steps.flatMap((s) => s(f, e));
export const where = (step: Step, keep: (f: Facts, x: string) => boolean): Step => (f, e) => step(f, e).filter((x) => keep(f, x));

export interface ChainType {
  /** Label written to the *_qtype.txt file (never read by the pipeline). */
  id: string;
  steps: Step[];
  /** Entities the question may start from. */
  topics: readonly string[];
  /** `{X}` is the topic in [brackets]; other `{name}` slots come from `slots`. */
  templates: readonly string[];
  slots?: (f: Facts, topic: string) => Record<string, string> | undefined;
}

export interface Question {
  text: string;
  gold: string[];
  type: string;
  topic: string;
}

/** The answers of a chain from `topic`: every entity at the end of it, never the topic itself, de-duplicated. */
export function walk(f: Facts, steps: readonly Step[], topic: string): string[] {
  let frontier = [topic];
  for (const step of steps) frontier = [...new Set(frontier.flatMap((e) => step(f, e)))];
  return frontier.filter((e) => e !== topic);
}

const MAX_GOLD = 20;

/**
 * Up to `perType` questions per chain type, topics drawn at random; a topic whose chain ends nowhere or at more
 * than 20 entities is skipped. Casing and the question mark vary as typed questions do.
 */
export function writeQuestions(rand: Rand, f: Facts, types: readonly ChainType[], perType: number): Question[] {
  const outQ: Question[] = [];
  for (const ct of types) {
    if (ct.templates.length < 6) throw new Error(`${ct.id}: fewer than 6 templates`);
    let made = 0;
    for (const topic of rand.shuffle(ct.topics)) {
      if (made >= perType) break;
      const gold = walk(f, ct.steps, topic);
      if (gold.length === 0 || gold.length > MAX_GOLD) continue;
      const slots = ct.slots ? ct.slots(f, topic) : {};
      if (!slots) continue;
      let text = rand.pick(ct.templates).replace(/\{(\w+)\}/g, (_, k: string) => (k === 'X' ? `[${topic}]` : (slots[k] ?? `{${k}}`)));
      if (text.includes('{')) throw new Error(`${ct.id}: unfilled slot in "${text}"`);
      text = surface(rand, text);
      outQ.push({ text, gold, type: ct.id, topic });
      made++;
    }
  }
  return rand.shuffle(outQ);
}

/** How people type: mostly lower case, sometimes a capital first letter and a question mark. */
function surface(rand: Rand, text: string): string {
  let t = text;
  if (rand.chance(0.35) && !t.startsWith('[')) t = t[0].toUpperCase() + t.slice(1);
  if (rand.chance(0.4)) t += '?';
  return t;
}

export function questionLines(qs: readonly Question[]): string {
  return qs.map((q) => `${q.text}\t${q.gold.join('|')}`).join('\n') + '\n';
}

export function typeLines(qs: readonly Question[]): string {
  return qs.map((q) => q.type).join('\n') + '\n';
}

/** Emitted graph lines, de-duplicated in first-seen order; `|` may not appear in a name. */
export class TripleSink {
  private readonly seen = new Set<string>();
  readonly lines: string[] = [];
  add(h: string, r: string, t: string): void {
    for (const s of [h, r, t]) if (s.includes('|') || s.includes('\n')) throw new Error(`bad name: ${s}`);
    const line = `${h}|${r}|${t}`;
    if (this.seen.has(line)) return;
    this.seen.add(line);
    this.lines.push(line);
  }
  text(): string {
    return this.lines.join('\n') + '\n';
  }
}

export interface DevGraph {
  kb: string;
  sets: { name: string; hops: number; questions: Question[] }[];
}
