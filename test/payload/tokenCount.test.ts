// The piece-cached token count equals js-tiktoken's own encode(text).length on real payload texts, in both
// encodings, cold and warm (the cache only skips repeated BPE work).
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { analysisPayload, rankingPayload } from '../../src-main/engine/payload/brainPayload.js';
import { countChatTokens, countTextTokens } from '../../src-main/engine/payload/tokenCount.js';
import { createPrng } from '../../src-main/engine/random/prng.js';
import { scenario } from '../brain/fixtures.js';

describe('token counts', () => {
  it('equal the encoder on ranking and analysis payloads, with unicode and repeated tokens', () => {
    const s = scenario();
    const texts = [
      rankingPayload({ view: s.view, indicator: { anchors: [s.view.anchors[0]], chain: [{ relation: 'directed_by', direction: 'in' }], answerPosition: 1, dPredict: 1 }, paths: s.paths }).text,
      analysisPayload(s.view).text,
      'Qu’est-ce que Hôpital Sainte-Maëlle — E_0a1b2c3d4e5f <-[works_at]- E_0a1b2c3d4e5f 日本語 🙂\n\n  spaced   out  ',
    ];
    for (const [model, ranks] of [['gpt-4o-mini', o200k], ['gpt-4', cl100k]] as const) {
      const reference = new Tiktoken(ranks);
      for (const text of texts) {
        expect(text.length).toBeGreaterThan(10);
        expect(countTextTokens(text, model).count).toBe(reference.encode(text).length);
        expect(countTextTokens(text, model).count).toBe(reference.encode(text).length);
      }
      expect(countChatTokens([{ content: 'sys' }, { content: texts[0] }], model).count).toBe(3 + 3 + reference.encode('sys').length + 3 + reference.encode(texts[0]).length);
    }
  });

  it('equal the encoder on seeded random text of every kind of character (merges, bytes split across tokens)', () => {
    const alphabet = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789     \n\t.,;:!?\'"-_()[]<>|/\\#@$%^&*+=~`éèüñçßøåÆŒ—’“”…€日本語中文한국어🙂🚀👍🏽'];
    const random = createPrng(13);
    const texts = Array.from({ length: 150 }, () => {
      const n = 1 + random.int(80);
      return Array.from({ length: n }, () => alphabet[random.int(alphabet.length)]).join('');
    });
    for (const [model, ranks] of [['gpt-4o-mini', o200k], ['gpt-4', cl100k]] as const) {
      const reference = new Tiktoken(ranks);
      let compared = 0;
      for (const text of texts) {
        expect(countTextTokens(text, model).count, JSON.stringify(text)).toBe(reference.encode(text).length);
        compared++;
      }
      expect(compared).toBe(150);
    }
  });
});
