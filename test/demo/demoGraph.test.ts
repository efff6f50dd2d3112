// The bundled demo graph (resources/demo) is well-formed, and every gold answer is exactly what the graph says:
// each question's answers are re-derived here with MemoryGraph from its path spec, independently of the generator.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Direction, Triple } from '../../src-main/common/graphTypes.js';
import { normalizeName } from '../../src-main/common/normalizeName.js';
import { DIR_IN, DIR_OUT, MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';

const DEMO_DIR = fileURLToPath(new URL('../../resources/demo/', import.meta.url));
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

interface Step {
  relation: string;
  direction: Direction;
}
interface PathSpecQuestion {
  line: number;
  id: string;
  type: string;
  kind: '1-hop' | '2-hop' | '3-hop' | 'two-topic';
  hops: number;
  question: string;
  topics: string[];
  path: Step[];
  constraint?: { topic: string; path: Step[] };
  answers: string[];
}

const read = (file: string): string => readFileSync(DEMO_DIR + file, 'utf8');
const lines = (text: string): string[] => text.split('\n').filter((l) => l.length > 0);

/** Entity ids reached from `start` along `path`, following each step's relation in its direction. */
function follow(g: MemoryGraph, start: string, path: Step[]): Set<string> {
  const s = g.indexOf(start);
  if (s === undefined) return new Set();
  let frontier = new Set([s]);
  for (const step of path) {
    const rel = g.relationIndexOf(step.relation);
    const dir = step.direction === 'out' ? DIR_OUT : DIR_IN;
    const next = new Set<number>();
    if (rel !== undefined)
      for (const u of frontier)
        g.forEachGroup(u, (r, d, from, to) => {
          if (r === rel && d === dir) for (let k = from; k < to; k++) next.add(g.edgeNeighbor[k]);
        });
    frontier = next;
  }
  return new Set([...frontier].map((i) => g.ids[i]));
}

describe('demo graph: hospital-network.txt', () => {
  const raw = lines(read('hospital-network.txt'));
  const triples: Triple[] = raw.map((l) => {
    const [head, relation, tail] = l.split('|');
    return { head, relation, tail };
  });
  let g: MemoryGraph;
  beforeAll(() => {
    g = MemoryGraph.fromTriples('demo', [], triples);
  });

  it('parses: every line is head|relation|tail with three non-empty parts', () => {
    const bad = raw.filter((l) => {
      const parts = l.split('|');
      return parts.length !== 3 || parts.some((p) => p.trim() === '' || p !== p.trim() || /[\t\r]/.test(p));
    });
    expect(bad).toEqual([]);
  });

  it('has at least 2,000 triples, none duplicated', () => {
    expect(new Set(raw).size).toBe(raw.length);
    expect(raw.length).toBeGreaterThanOrEqual(2000);
    expect(g.tripleCount).toBe(raw.length);
  });

  it('uses snake_case relation labels', () => {
    for (const r of g.relationLabels) expect(r).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(g.relationLabels.length).toBeGreaterThanOrEqual(25);
  });

  it('has date and number literals', () => {
    const tails = new Set(triples.map((t) => t.tail));
    const dates = [...tails].filter((t) => DATE.test(t));
    const numbers = [...tails].filter((t) => NUMBER.test(t));
    expect(dates.length).toBeGreaterThan(50);
    expect(numbers.length).toBeGreaterThan(20);
    for (const d of dates) expect(new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10)).toBe(d);
  });

  it('entity names are unique even after case and diacritic folding, and some carry diacritics', () => {
    const byNorm = new Map<string, string[]>();
    for (const id of g.ids) byNorm.set(normalizeName(id), [...(byNorm.get(normalizeName(id)) ?? []), id]);
    expect([...byNorm.values()].filter((ids) => ids.length > 1)).toEqual([]);
    expect(g.ids.filter((id) => id.normalize('NFKD') !== id).length).toBeGreaterThanOrEqual(5);
  });
});

describe('demo graph: gold questions', () => {
  const triples: Triple[] = lines(read('hospital-network.txt')).map((l) => {
    const [head, relation, tail] = l.split('|');
    return { head, relation, tail };
  });
  const g = MemoryGraph.fromTriples('demo', [], triples);
  const qa = lines(read('questions.txt')).map((l) => {
    const [question, answers, ...rest] = l.split('\t');
    return { question, answers: answers?.split('|') ?? [], extra: rest.length };
  });
  const spec = JSON.parse(read('questions.paths.json')) as { graph: string; questions: PathSpecQuestion[] };

  it('questions.txt lines are question<TAB>answers, and match questions.paths.json one to one', () => {
    expect(qa.every((q) => q.extra === 0 && q.question.length > 0 && q.answers.every((a) => a.length > 0))).toBe(true);
    expect(spec.graph).toBe('hospital-network.txt');
    expect(spec.questions.map((q) => q.question)).toEqual(qa.map((q) => q.question));
    expect(spec.questions.map((q) => [...q.answers].sort())).toEqual(qa.map((q) => [...q.answers].sort()));
    expect(new Set(qa.map((q) => q.question)).size).toBe(qa.length);
  });

  it('has enough questions of each kind, and some with bracketed topics', () => {
    const count = (k: string): number => spec.questions.filter((q) => q.kind === k).length;
    expect(spec.questions.length).toBeGreaterThanOrEqual(40);
    expect(count('1-hop')).toBeGreaterThanOrEqual(12);
    expect(count('2-hop')).toBeGreaterThanOrEqual(14);
    expect(count('3-hop')).toBeGreaterThanOrEqual(8);
    expect(count('two-topic')).toBeGreaterThanOrEqual(6);
    for (const q of spec.questions) {
      if (q.kind !== 'two-topic') expect(q.path.length).toBe(Number(q.kind[0]));
      expect(q.topics.length).toBe(q.kind === 'two-topic' ? 2 : 1);
      if (q.kind === 'two-topic') expect(q.constraint?.topic).toBe(q.topics[1]);
    }
    const bracketed = spec.questions.filter((q) => /\[[^\]]+\]/.test(q.question)).length;
    expect(bracketed).toBeGreaterThan(0);
    expect(bracketed).toBeLessThan(spec.questions.length / 2);
  });

  it('every topic entity exists in the graph and is mentioned in its question', () => {
    for (const q of spec.questions) {
      const text = q.question.replace(/[[\]]/g, '').toLowerCase();
      for (const t of q.topics) {
        expect(g.indexOf(t), `${q.id}: topic ${t}`).toBeDefined();
        expect(text.includes(t.toLowerCase()), `${q.id}: "${q.question}" mentions ${t}`).toBe(true);
      }
    }
  });

  it('every gold answer set equals the answers re-derived from the graph along its path', () => {
    for (const q of spec.questions) {
      let derived = follow(g, q.topics[0], q.path);
      if (q.constraint) {
        const allowed = follow(g, q.constraint.topic, q.constraint.path);
        derived = new Set([...derived].filter((x) => allowed.has(x)));
      }
      for (const t of q.topics) derived.delete(t);
      expect([...derived].sort(), `${q.id}: ${q.question}`).toEqual([...q.answers].sort());
      expect(q.answers.length, q.id).toBeGreaterThanOrEqual(1);
      expect(q.answers.length, q.id).toBeLessThanOrEqual(5);
    }
  });
});
