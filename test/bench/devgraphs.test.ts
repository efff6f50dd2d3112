import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { devGraphFiles, devGraphs } from '../../bench/devgraphs/generate.js';
import { parseQuestions } from '../../src-main/engine/import/questionsFile.js';
import { parsePipeTriples } from '../../src-main/engine/import/pipeTriplesGraph.js';

const dataDir = resolve(import.meta.dirname, '../../bench/devgraphs/data');
const graphs = devGraphs();

/** Entities within `hops` edges of `from`, edges walked either way. */
function within(adj: Map<string, string[]>, from: string, hops: number): Set<string> {
  const seen = new Set([from]);
  let frontier = [from];
  for (let h = 0; h < hops; h++) {
    const next: string[] = [];
    for (const e of frontier) for (const n of adj.get(e) ?? []) if (!seen.has(n)) (seen.add(n), next.push(n));
    frontier = next;
  }
  return seen;
}

describe('bench/devgraphs', () => {
  it('regenerates the committed files byte for byte', () => {
    for (const [domain, g] of Object.entries(graphs)) {
      const files = devGraphFiles(g);
      expect(Object.keys(files).length).toBe(5);
      for (const [name, text] of Object.entries(files)) expect(text, `${domain}/${name}`).toBe(readFileSync(join(dataDir, domain, name), 'utf8'));
    }
  });

  it('changes with the seed', () => {
    expect(devGraphs(7, 5).sports.kb).not.toBe(graphs.sports.kb);
  });

  it('has every gold answer of sampled questions within the hop count of the bracketed topic', () => {
    for (const [domain, g] of Object.entries(graphs)) {
      const adj = new Map<string, string[]>();
      for (const t of parsePipeTriples(g.kb)) {
        adj.set(t.head, [...(adj.get(t.head) ?? []), t.tail]);
        adj.set(t.tail, [...(adj.get(t.tail) ?? []), t.head]);
      }
      for (const set of g.sets) {
        expect(set.questions.length, set.name).toBeGreaterThanOrEqual(300);
        const text = readFileSync(join(dataDir, domain, `qa_${set.hops}hop.txt`), 'utf8');
        const sample = parseQuestions(text).filter((_, i) => i % 7 === 0);
        expect(sample.length).toBeGreaterThan(40);
        let beyondShorter = 0;
        for (const q of sample) {
          const topic = /\[([^\]]+)\]/.exec(q.question)?.[1];
          expect(topic, q.question).toBeDefined();
          expect(q.gold.length).toBeGreaterThan(0);
          expect(q.gold.length).toBeLessThanOrEqual(20);
          const reach = within(adj, topic!, set.hops);
          for (const a of q.gold) expect(reach.has(a), `${q.question} → ${a}`).toBe(true);
          const shorter = within(adj, topic!, set.hops - 1);
          if (q.gold.some((a) => !shorter.has(a))) beyondShorter++;
        }
        // The hop count is real: most questions need the full chain for some of their answers.
        expect(beyondShorter, set.name).toBeGreaterThan(sample.length * 0.6);
      }
    }
  });
});
