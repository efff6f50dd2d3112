// The ask service over a real library in a temp data dir, with the real GloVe DRM (the first run in a fresh
// checkout builds its binary cache, ~10 s).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import { UnknownGraphError } from '../../src-main/engine/graph/graphErrors.js';
import { GraphLibrary } from '../../src-main/engine/import/graphLibrary.js';
import type { Drm } from '../../src-main/engine/core/types.js';
import { createAskService, type AskService } from '../../src-main/engine/app/askService.js';
import { createEngine } from '../../src-main/engine/app/createEngine.js';

const DEMO_DIR = join(import.meta.dirname, '..', '..', 'resources', 'demo');
/** A demo drug with exactly one manufacturer (resources/demo/hospital-network.txt). */
const DRUG = 'Glimoravir';

interface DemoQuestion {
  question: string;
  kind: string;
  answers: string[];
}

/** The gold questions as shipped (paths.json carries each question's kind next to its answers). */
function demoQuestions(): DemoQuestion[] {
  const parsed = JSON.parse(readFileSync(join(DEMO_DIR, 'questions.paths.json'), 'utf8')) as { questions: DemoQuestion[] };
  return parsed.questions;
}

let root: string;
let library: GraphLibrary;
let service: AskService;
let drmLoads = 0;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ctrlg-ask-'));
  library = new GraphLibrary(join(root, 'data'));
  await library.importFile('demo', join(DEMO_DIR, 'hospital-network.txt'));
  const loadDrm = async (): Promise<Drm> => {
    drmLoads += 1;
    return loadGloveDrm();
  };
  service = createAskService({ library, loadDrm });
}, 180_000);

afterAll(async () => {
  await library?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('createAskService', () => {
  it('answers a demo question with its gold answer among the top answers', async () => {
    // A one-hop question about a drug's manufacturer: the topic is named plainly and has one gold answer.
    const q = demoQuestions().find((d) => d.kind === '1-hop' && /manufactures/i.test(d.question))!;
    // questions.txt is the file the app ships; the question must be one of its lines.
    expect(readFileSync(join(DEMO_DIR, 'questions.txt'), 'utf8')).toContain(q.question);
    const result = await service.ask({ graph: 'demo', question: q.question });
    const top = result.answers.slice(0, 3).map((a) => a.name);
    expect(top.some((name) => q.answers.includes(name))).toBe(true);
    // Evidence comes in index-aligned pairs: a sanitized path for every raw one.
    const best = result.answers[0]!;
    expect(best.rawPaths.length).toBeGreaterThan(0);
    expect(best.viewPaths).toHaveLength(best.rawPaths.length);
  }, 120_000);

  it('loads the DRM once for every question and every graph', async () => {
    const file = join(root, 'small.txt');
    writeFileSync(file, 'Mercy General|located_in|Springfield\nSt. Luke Clinic|located_in|Shelbyville\n');
    await library.importFile('small', file);
    const [q] = demoQuestions();
    await service.ask({ graph: 'demo', question: q!.question });
    await service.ask({ graph: 'small', question: 'where is Mercy General' });
    expect(drmLoads).toBe(1);
  }, 120_000);

  it('answers from the new contents after a re-import and invalidate', async () => {
    // A copy of the demo in which one drug changes manufacturer: the same question must follow the change.
    const original = readFileSync(join(DEMO_DIR, 'hospital-network.txt'), 'utf8');
    expect(original).toContain(`${DRUG}|manufactured_by|Sunderhaven Biosciences`);
    const file = join(root, 'moving.txt');
    writeFileSync(file, original);
    await library.importFile('moving', file);
    const before = await service.ask({ graph: 'moving', question: `Who manufactures ${DRUG}?` });
    expect(before.answers[0]?.name).toBe('Sunderhaven Biosciences');

    writeFileSync(file, original.replace(`${DRUG}|manufactured_by|Sunderhaven Biosciences`, `${DRUG}|manufactured_by|Brannoch Pharma`));
    await library.importFile('moving', file, { replace: true });
    service.invalidate('moving');
    const after = await service.ask({ graph: 'moving', question: `Who manufactures ${DRUG}?` });
    expect(after.answers[0]?.name).toBe('Brannoch Pharma');
  }, 120_000);

  it('rejects an unknown graph with the typed error, and dispatch reports unknown_graph', async () => {
    await expect(service.ask({ graph: 'nope', question: 'where is Mercy General' })).rejects.toBeInstanceOf(UnknownGraphError);

    const engine = createEngine({
      dataDir: join(root, 'data'),
      resourcesDir: join(root, 'resources'),
      version: '0.0.0',
      transport: 'host',
      ask: service.ask,
    });
    try {
      const envelope = await engine.dispatch('qa.ask', { graph: 'nope', question: 'where is Mercy General' });
      expect(envelope).toMatchObject({ ok: false, error: { code: 'unknown_graph' } });
    } finally {
      await engine.close();
    }
  });

  it('reports a DRM that fails to load as not_available, and retries on the next question', async () => {
    let attempts = 0;
    const flaky = createAskService({
      library,
      loadDrm: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('vectors missing');
        return loadGloveDrm();
      },
    });
    await expect(flaky.ask({ graph: 'demo', question: `Who manufactures ${DRUG}?` })).rejects.toMatchObject({
      code: 'not_available',
    });
    const result = await flaky.ask({ graph: 'demo', question: `Who manufactures ${DRUG}?` });
    expect(result.answers[0]?.name).toBe('Sunderhaven Biosciences');
    expect(attempts).toBe(2);
  }, 120_000);
});
