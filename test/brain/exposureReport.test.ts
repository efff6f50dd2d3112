// The exposure report: items from the structure, checked against the text; edits recompute it.
import { describe, expect, it } from 'vitest';
import { ExposureMismatchError } from '../../src-main/engine/payload/payloadErrors.js';
import { editPayload, EmptyEditError, InvalidEditError } from '../../src-main/engine/payload/editPayload.js';
import { exposureReport } from '../../src-main/engine/payload/exposureReport.js';
import { RANKING_SYSTEM_PROMPT } from '../../src-main/engine/payload/prompts/rankingPrompt.js';
import { countChatTokens, encodingForModel } from '../../src-main/engine/payload/tokenCount.js';
import { scenario } from './fixtures.js';

const report = (payload = scenario().ranking, model = 'some-local-model') =>
  exposureReport({ payload, system: RANKING_SYSTEM_PROMPT, model, endpoint: 'http://127.0.0.1:1/v1' });

describe('exposureReport', () => {
  it('lists exactly the tokens, edges, labels and literals of the payload', () => {
    const s = scenario();
    const r = report(s.ranking);
    const textTokens = new Set(s.ranking.text.match(/\b[ESLA]_[0-9a-f]{4,64}\b/g));
    expect(new Set(r.entityTokens.map((t) => t.token))).toEqual(textTokens);
    expect(r.entityTokens.find((t) => t.token === s.view.anchors[0])?.anchor).toBe(true);
    expect(r.relationLabels.map((l) => l.value)).toContain('directed_by');
    expect(r.literals.map((l) => l.value)).toEqual(expect.arrayContaining(Object.values(s.ranking.literals)));
    // Edges: deduplicated, with the head/tail the arrow direction implies.
    expect(r.edges.every((e) => textTokens.has(e.head) && textTokens.has(e.tail))).toBe(true);
    expect(r.subgraph.nodes.map((n) => n.id).sort()).toEqual([...textTokens].sort());
    expect(r.subgraph.edges).toHaveLength(r.edges.length);
    expect(r.paths).toHaveLength(s.ranking.paths.length);
    expect(r.counts.newEver).toBe(r.entityTokens.length);
    expect(r.kAnonymity).toEqual({ k: 1, achieved: s.view.stats.achievedK });
  });

  it('counts tokens with the model family encoding and labels unknown families as estimates', () => {
    expect(encodingForModel('gpt-4o-mini')).toEqual({ encoding: 'o200k_base', estimate: false });
    expect(encodingForModel('gpt-4-turbo')).toEqual({ encoding: 'cl100k_base', estimate: false });
    expect(encodingForModel('llama-3.1-70b')).toEqual({ encoding: 'cl100k_base', estimate: true });
    const s = scenario();
    const r = report(s.ranking, 'mistral-large');
    expect(r.tokens).toEqual(countChatTokens([{ content: RANKING_SYSTEM_PROMPT }, { content: s.ranking.text }], 'mistral-large'));
    expect(r.tokens.estimate).toBe(true);
    expect(r.tokens.count).toBeGreaterThan(s.ranking.text.length / 8);
  });

  it('refuses a payload whose text was altered or carries a token the structure does not', () => {
    const s = scenario();
    expect(() => report({ ...s.ranking, text: s.ranking.text + '\nE_abcdefabcdef' })).toThrow(ExposureMismatchError);
    expect(() => report({ ...s.ranking, question: s.ranking.question + ' E_abcdefabcdef', text: s.ranking.text })).toThrow(ExposureMismatchError);
    expect(() => exposureReport({ payload: s.ranking, system: 'leak E_abcdefabcdef', model: 'm', endpoint: 'e' })).toThrow(/system prompt/);
  });

  it('edits drop paths and fields, keep path ids, and the report follows', () => {
    const s = scenario();
    const edited = editPayload(s.ranking, { dropPaths: [2], dropFields: ['literals'] });
    expect(edited.paths.map((p) => p.id)).toEqual(s.ranking.paths.map((p) => p.id).filter((id) => id !== 2));
    expect(edited.text).not.toMatch(/^P2\. /m);
    expect(edited.text).not.toMatch(/[ESLA]_[0-9a-f]+\(/);
    const r = report(edited);
    expect(r.literals).toEqual([]);
    expect(r.omitted).toEqual(['literals']);
    expect(r.droppable).toEqual(['indicator']);
    expect(() => editPayload(s.ranking, { dropPaths: [42], dropFields: [] })).toThrow(InvalidEditError);
    expect(() => editPayload(s.ranking, { dropPaths: s.ranking.paths.map((p) => p.id), dropFields: [] })).toThrow(EmptyEditError);
    const a = editPayload(s.analysis, { dropPaths: [], dropFields: ['relations'] });
    expect(a.text).not.toContain('RELATIONS');
  });
  it('carries anonymity sets given as data: entity tokens only, the unique count, and per path the unique tokens it shows', () => {
    const s = scenario();
    const tokens = [...new Set(s.ranking.text.match(/\b[ESLA]_[0-9a-f]{4,64}\b/g))];
    const entities = tokens.filter((t) => t.startsWith('E_'));
    const others = tokens.filter((t) => !t.startsWith('E_'));
    expect(others.length).toBeGreaterThan(0);
    // The first path's end is unique; a set of 1 on a supernode or literal is no entity token to flag.
    const film = s.ranking.paths[0].nodes[1];
    expect(film.startsWith('E_')).toBe(true);
    const anonymity = new Map(tokens.map((t) => [t, t === film || !t.startsWith('E_') ? 1 : 4]));
    const r = exposureReport({ payload: s.ranking, system: RANKING_SYSTEM_PROMPT, model: 'gpt-4o-mini', endpoint: 'http://127.0.0.1:1/v1', anonymity });
    expect(r.counts.unique).toBe(1);
    expect(r.entityTokens.filter((t) => t.anonymitySet === 1).map((t) => t.token)).toEqual([film]);
    expect(r.entityTokens.filter((t) => entities.includes(t.token)).every((t) => t.anonymitySet !== undefined)).toBe(true);
    expect(r.entityTokens.filter((t) => others.includes(t.token)).every((t) => t.anonymitySet === undefined)).toBe(true);
    const showing = s.ranking.paths.filter((p) => p.nodes.includes(film)).map((p) => p.id);
    expect(showing.length).toBeGreaterThan(0);
    expect(showing.length).toBeLessThan(s.ranking.paths.length);
    expect(r.paths.filter((p) => p.unique!.length > 0).map((p) => p.id)).toEqual(showing);
    expect(r.paths.filter((p) => p.unique!.length > 0).every((p) => p.unique!.join() === film)).toBe(true);
    // Without the input the report has no risk fields at all.
    const plain = report(s.ranking);
    expect(plain.counts.unique).toBeUndefined();
    expect(plain.paths.every((p) => p.unique === undefined)).toBe(true);
  });
});
