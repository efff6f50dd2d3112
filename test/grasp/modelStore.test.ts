import { describe, expect, it } from 'vitest';
import { deserializeEncoder, serializeEncoder } from '../../src-main/engine/qa/grasp/encoder/serializeEncoder.js';
import { graspContext } from '../../src-main/engine/qa/grasp/graspContext.js';
import { loadGraspSelector } from '../../src-main/engine/qa/grasp/graspSelector.js';
import { listGraspVersions } from '../../src-main/engine/qa/grasp/modelStore.js';
import { trainAndSave } from '../../src-main/engine/qa/grasp/trainAndSave.js';
import { createEncoderFor } from '../../src-main/engine/qa/grasp/train.js';
import { companyTownGraph, HashDrm } from './toyGraphs.js';

import { scratchFolder } from '../helpers/scratchFolder.js';

describe('encoder persistence', () => {
  it('round-trips parameters, and re-indexes relation embeddings by label', () => {
    const drm = new HashDrm();
    const { graph } = companyTownGraph();
    const enc = createEncoderFor(graspContext(graph, drm), { hidden: 8, headHidden: 4, projectionDim: 6 }, 9);
    const buf = serializeEncoder(enc, graph.relationLabels);
    const back = deserializeEncoder(buf).encoder;
    expect(back.config).toEqual(enc.config);
    enc.params.list.forEach((p, k) => expect(Array.from(back.params.list[k].value)).toEqual(Array.from(p.value)));
    const reordered = [...graph.relationLabels].reverse().concat(['new_relation']);
    const re = deserializeEncoder(buf, reordered).encoder;
    const R = enc.params.get('l0.R').value;
    const R2 = re.params.get('l0.R').value;
    const H = enc.config.hidden;
    const first = graph.relationLabels[0];
    const at = reordered.indexOf(first);
    expect(Array.from(R2.subarray(2 * at * H, (2 * at + 2) * H))).toEqual(Array.from(R.subarray(0, 2 * H)));
    expect(Array.from(R2.subarray(2 * (reordered.length - 1) * H)).every((x) => x === 0)).toBe(true);
  });

  it('saves versions per graph and the selector loads the newest', async () => {
    const dataDir = scratchFolder('grasp-models-');
    const drm = new HashDrm();
    const { graph } = companyTownGraph();
    const opts = { epochs: 1, examplesPerEpoch: 16, batchSize: 8, shape: { hidden: 8, headHidden: 4 }, relevance: { l: 2, k1: 8, k2: 4, maxNodes: 60 }, evalExamples: 10 };
    const v1 = await trainAndSave(dataDir, 'toy', graph, drm, { ...opts, seed: 1 });
    const v2 = await trainAndSave(dataDir, 'toy', graph, drm, { ...opts, seed: 2 });
    expect([v1.version, v2.version]).toEqual([1, 2]);
    expect(await listGraspVersions(dataDir, 'toy')).toEqual([1, 2]);
    const selector = await loadGraspSelector(dataDir, 'toy', { drm });
    expect(selector.meta?.version).toBe(2);
    expect(selector.meta?.seed).toBe(2);
    expect(selector.matches(graph)).toBe(true);
    expect(selector.matches(companyTownGraph(['person0_0']).graph)).toBe(false);
    const ranked = selector.select(graph, [graph.indexOf('person0_0')!], drm.embedOne('person0_0 works at'), { topK: 5 });
    expect(ranked.length).toBe(5);
    expect(ranked[0].score).toBeGreaterThanOrEqual(ranked[4].score);
    await expect(loadGraspSelector(dataDir, 'other', { drm })).rejects.toThrow(/ctrlg train/);
  });
});
