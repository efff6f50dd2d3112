// Uses the real vectors (the first run in a fresh checkout builds the binary cache, ~10 s).
import { beforeAll, describe, expect, it } from 'vitest';
import { cosine } from '../../src-main/engine/drm/cosine.js';
import { GloveDrm, loadGloveDrm, morphologicalVariants } from '../../src-main/engine/drm/gloveDrm.js';

let drm: GloveDrm;
beforeAll(async () => {
  drm = await loadGloveDrm();
}, 180_000);

const sim = async (a: string, b: string): Promise<number> => {
  const [x, y] = await drm.embed([a, b]);
  return cosine(x, y);
};

describe('GloveDrm', () => {
  it('is a process-wide singleton', async () => {
    expect(await loadGloveDrm()).toBe(drm);
    expect(drm.dim).toBe(100);
  });

  it('embeds to unit length, also for text with no known word', async () => {
    const vs = await drm.embed(['what movies did Chris act in', 'zzqxv-unknownword', '']);
    for (const v of vs) {
      expect(v.length).toBe(100);
      expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    }
  });

  it('gives sane word similarities', async () => {
    expect(await sim('movie', 'film')).toBeGreaterThan(0.8);
    expect(await sim('actor', 'starred')).toBeGreaterThan(await sim('actor', 'language'));
    expect(await sim('who directed this film', 'directed by')).toBeGreaterThan(await sim('who directed this film', 'in language'));
  });

  it('down-weights function words (SIF) so a label matches its content words', async () => {
    expect(drm.weightOf('the')).toBeLessThan(0.1);
    expect(drm.weightOf('nationality')).toBeGreaterThan(0.9);
    expect(await sim('the of by nationality', 'nationality')).toBeGreaterThan(0.9);
  });

  it('falls back to morphological variants for unknown inflections', () => {
    expect(morphologicalVariants('directors')).toContain('director');
    expect(morphologicalVariants('starred')).toContain('star');
    expect(drm.rankOf('movies')).toBeDefined();
  });

  it('embeds thousands of short texts quickly', async () => {
    const texts = Array.from({ length: 2000 }, (_, i) => `which films did person ${i} direct`);
    const vs = await drm.embed(texts);
    expect(vs).toHaveLength(2000);
  });
});
