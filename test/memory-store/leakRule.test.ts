// The memory's one leak rule, tested as one: a seeded stream of write-backs over a graph whose one-word film titles
// are also everyday words ("Fall", "Up"). Whatever the audit flags is never written, and the stream that was
// written audits clean — in particular "what genre does ANCHOR_1 fall under", which the audit used to flag.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nameScanner } from '../../src-main/engine/core/nameScanner.js';
import { pipeTriplesGraph } from '../../src-main/engine/import/pipeTriplesGraph.js';
import { abstractTrace } from '../../src-main/engine/memory/abstractTrace.js';
import { auditMemory } from '../../src-main/engine/memory/auditMemory.js';
import { ExperienceStore } from '../../src-main/engine/memory/experienceStore.js';
import { leakDictionaries, writeBackDictionaries } from '../../src-main/engine/memory/leakDictionaries.js';
import { LeakyTraceError } from '../../src-main/engine/memory/memoryErrors.js';
import { findLeaks } from '../../src-main/engine/memory/traceLeaks.js';
import { newExperienceRecord, writeExperience } from '../../src-main/engine/memory/writeExperience.js';
import { createPrng } from '../../src-main/engine/random/prng.js';
import { ANCHOR, sessionTrace, tempDir, unit } from './fixtures.js';

const DIM = 8;
const dirs: { remove(): void }[] = [];
afterAll(() => dirs.forEach((d) => d.remove()));

const KB = [
  'Fall|directed_by|Eric Schaeffer',
  'Up|directed_by|Pete Docter',
  'The Harder They Fall|starred_actors|Humphrey Bogart',
  'Nine Lives|has_genre|Horror',
  'Glimoravir|manufactured_by|Sunderhaven Biosciences',
].join('\n');

/** Question texts as the Brain saw them (the anchor as its session token), clean and leaky alike. */
const QUESTIONS = [
  `what genre does ${ANCHOR} fall under`,
  `what films did ${ANCHOR} act in`,
  `which movies came up in ${ANCHOR} reviews`,
  `who directed The Harder They Fall besides ${ANCHOR}`,
  `who manufactures Glimoravir like ${ANCHOR}`,
  `films with Humphrey Bogart and ${ANCHOR}`,
  `which films of ${ANCHOR} were released in 1994`,
  `films linked to E_0badc0ffee12 and ${ANCHOR}`,
  `what is the rating of ${ANCHOR}, 7.5 or more`,
  `which horror films share a director with ${ANCHOR}`,
];

describe('one leak rule for write-back and audit', () => {
  it('stores only what the audit passes, and refuses everything it would flag', async () => {
    const kb = tempDir();
    dirs.push(kb);
    const kbFile = join(kb.path, 'kb.txt');
    writeFileSync(kbFile, KB);
    const graph = pipeTriplesGraph(kbFile, 'films');
    const audit = leakDictionaries(graph.names, graph.ids);
    const store = await ExperienceStore.open(kb.path + '/memory', { dim: DIM });
    const rng = createPrng(12);
    const written: string[] = [];
    const refused: string[] = [];
    try {
      for (let i = 0; i < 40; i++) {
        const question = QUESTIONS[rng.int(QUESTIONS.length)];
        const trace = abstractTrace(sessionTrace({ anonymizedQuestion: question, literalValue: () => undefined }));
        // As the memory provider does: the graph's vocabulary, plus the names the session touched (the anchor's).
        const gate = writeBackDictionaries({ names: graph.names, ids: graph.ids }, nameScanner(['Nine Lives']));
        const vectors = { questionVector: unit(DIM, i), indicatorVector: unit(DIM, i + 1) };
        const flagged = findLeaks(trace, audit).length > 0;
        try {
          await writeExperience(store, trace, vectors, gate);
          written.push(question);
          expect(flagged, `stored although the audit flags it: ${question}`).toBe(false);
        } catch (err) {
          expect(err).toBeInstanceOf(LeakyTraceError);
          refused.push(question);
        }
      }
      expect(written.length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      expect(written).toContain(`what genre does ${ANCHOR} fall under`);
      expect(refused).toContain(`who directed The Harder They Fall besides ${ANCHOR}`);

      const report = await auditMemory(store, audit);
      expect(report.records).toBe(written.length);
      expect(report.findings).toEqual([]);
      expect(report.clean).toBe(true);
    } finally {
      store.close();
    }
  });

  it('never reads a record\'s random id as a literal: the audit scans what the gate checked, nothing else', async () => {
    // Ids are 16 random hex digits; about one in 2,000 is all decimal digits, which the literal rule would flag.
    const dir = tempDir();
    dirs.push(dir);
    const store = await ExperienceStore.open(dir.path, { dim: DIM });
    try {
      const trace = abstractTrace(sessionTrace({ anonymizedQuestion: `what genre does ${ANCHOR} fall under`, literalValue: () => undefined }));
      const record = { ...newExperienceRecord(trace, { questionVector: unit(DIM, 0), indicatorVector: unit(DIM, 1) }), id: 'xp-1234567890123456' };
      // The fixture does trip the literal rule when the whole record is scanned (what the audit used to do).
      expect(findLeaks(record as never).map((l) => l.kind)).toContain('literal');
      await store.put(record);
      const report = await auditMemory(store);
      expect(report.records).toBe(1);
      expect(report.findings).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('reads a one-word name that is an everyday word as the word, and any other name as a name', () => {
    const { names } = leakDictionaries(['Fall', 'Up', 'Glimoravir', 'The Harder They Fall'], []);
    expect(names!.contains('what genre does ANCHOR_1 fall under')).toBe(false);
    expect(names!.contains('it came up twice')).toBe(false);
    expect(names!.contains('who manufactures glimoravir')).toBe(true);
    expect(names!.contains('who starred in the harder they fall')).toBe(true);
  });
});
