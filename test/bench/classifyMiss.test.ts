import { describe, expect, it } from 'vitest';
import { classifyMiss, formatChain, missInputOf, type ChainStep, type MissInput } from '../../bench/lib/classifyMiss.js';
import type { AskResult } from '../../src-main/common/answerTypes.js';
import { parsePipeTriples } from '../../src-main/engine/import/pipeTriplesGraph.js';
import { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';

// Dora directed F1 (Drama, with Ann) and F2 (Comedy, with Bob); Eve directed F3 (Drama). Carl influenced Dora,
// Dora influenced Eve. X|knows|Y is a component of its own.
const graph = MemoryGraph.fromTriples(
  'toy',
  [],
  parsePipeTriples(
    [
      'F1|directed_by|Dora',
      'F2|directed_by|Dora',
      'F3|directed_by|Eve',
      'F1|starred_actors|Ann',
      'F2|starred_actors|Bob',
      'F1|has_genre|Drama',
      'F2|has_genre|Comedy',
      'F3|has_genre|Drama',
      'Carl|influenced|Dora',
      'Dora|influenced|Eve',
      'X|knows|Y',
    ].join('\n'),
  ),
);

const out = (relation: string): ChainStep => ({ relation, direction: 'out' });
const inn = (relation: string): ChainStep => ({ relation, direction: 'in' });
const ask = (anchors: string[], gold: string[], top?: { name: string; from?: string; chain: ChainStep[] }, indicator?: ChainStep[], dMax = 3): MissInput => ({
  anchors,
  gold,
  dMax,
  ...(top ? { top } : {}),
  ...(indicator ? { indicator } : {}),
});
const cause = (input: MissInput): string | undefined => classifyMiss(graph, input)?.cause;

describe('classifyMiss', () => {
  it('is no miss when the top answer is gold (case-insensitive)', () => {
    expect(classifyMiss(graph, ask(['Dora'], ['f1'], { name: 'F1', from: 'Dora', chain: [inn('directed_by')] }))).toBeUndefined();
  });

  it('gold not in graph: no gold answer names an entity', () => {
    expect(cause(ask(['Dora'], ['Nobody'], { name: 'F1', from: 'Dora', chain: [inn('directed_by')] }))).toBe('gold not in graph');
  });

  it('no link: nothing was linked', () => {
    expect(cause(ask([], ['F1']))).toBe('no link');
    // An anchor id the graph does not hold links nothing either.
    expect(cause(ask(['Zed'], ['F1']))).toBe('no link');
  });

  it('wrong link: no gold answer within dMax hops of any anchor', () => {
    expect(cause(ask(['X'], ['Ann'], { name: 'Y', from: 'X', chain: [out('knows')] }))).toBe('wrong link');
    // Ann is three hops from Carl (Carl → Dora → F1 → Ann): out of reach with dMax 2.
    expect(cause(ask(['Carl'], ['Ann'], { name: 'Eve', from: 'Carl', chain: [out('influenced'), out('influenced')] }, undefined, 2))).toBe('wrong link');
  });

  it('gold out of reach: the anchor is the topic the question names, and no gold answer is within dMax of it', () => {
    const named = (input: MissInput, names: string[]): MissInput => ({ ...input, named: names });
    // Carl is named and linked, but Ann is three hops away: the graph cannot answer within dMax 2.
    expect(cause(named(ask(['Carl'], ['Ann'], undefined, undefined, 2), ['carl']))).toBe('gold out of reach');
    // Named Dora, linked X: the link is wrong, whatever the graph lacks.
    expect(cause(named(ask(['X'], ['Ann'], { name: 'Y', from: 'X', chain: [out('knows')] }), ['Dora']))).toBe('wrong link');
    // Two entities answer to the name "Rex": the one linked reaches nothing, its homonym reaches the gold.
    const homonyms = MemoryGraph.fromTriples('h', [], parsePipeTriples(['Rex|plays|Fetch', 'rex|directed|Film', 'Q|r|Other'].join('\n')));
    const onH = (input: MissInput) => classifyMiss(homonyms, input)?.cause;
    expect(onH(named(ask(['Rex'], ['Film'], undefined, undefined, 2), ['Rex']))).toBe('wrong link');
    expect(onH(named(ask(['Rex'], ['Other'], undefined, undefined, 2), ['Rex']))).toBe('gold out of reach');
    // The gold is the named topic itself: not a graph gap.
    expect(onH(named(ask(['Rex'], ['Rex'], undefined, undefined, 2), ['Rex']))).toBe('wrong link');
  });

  it('hop count short: the gold chain is longer than the chosen one', () => {
    // Genres of Dora's films (directed_by< has_genre>); the engine stopped at the films.
    const d = classifyMiss(graph, ask(['Dora'], ['Drama', 'Comedy'], { name: 'F1', from: 'Dora', chain: [inn('directed_by')] }))!;
    expect(d.cause).toBe('hop count short');
    expect(d.goldChains.map(formatChain)).toContain('directed_by< has_genre>');
    expect(d.shortest).toBe(2);
  });

  it('hop count long: the gold chain is shorter than the chosen one', () => {
    // Dora's films (directed_by<); the engine went on to their actors.
    expect(cause(ask(['Dora'], ['F1', 'F2'], { name: 'Ann', from: 'Dora', chain: [inn('directed_by'), out('starred_actors')] }))).toBe('hop count long');
  });

  it('wrong direction: same relations as the gold chain, a direction differs', () => {
    // Whom did Dora influence (Eve); the engine answered who influenced her.
    expect(cause(ask(['Dora'], ['Eve'], { name: 'Carl', from: 'Dora', chain: [inn('influenced')] }))).toBe('wrong direction');
  });

  it('wrong relation: same length as the gold chain, other relations', () => {
    // Who starred in F1 (Ann); the engine answered its director.
    const d = classifyMiss(graph, ask(['F1'], ['Ann'], { name: 'Dora', from: 'F1', chain: [out('directed_by')] }))!;
    expect(d.cause).toBe('wrong relation');
    expect(d.goldChains.map(formatChain)[0]).toBe('starred_actors>');
  });

  it('answer type: the chosen chain reaches gold but a non-gold answer ranks first', () => {
    // Dora's drama (F1); the chain directed_by< reaches it, but F2 came first.
    expect(cause(ask(['Dora'], ['F1'], { name: 'F2', from: 'Dora', chain: [inn('directed_by')] }))).toBe('answer type');
  });

  it('hop count before answer type: a chain that reaches gold by walking too far is too long', () => {
    // Who starred in F1 (Ann): directed_by> directed_by< starred_actors> reaches Ann and Bob (the films of F1's
    // director), and Bob came first.
    const chain = [out('directed_by'), inn('directed_by'), out('starred_actors')];
    expect(cause(ask(['F1'], ['Ann'], { name: 'Bob', from: 'F1', chain }))).toBe('hop count long');
  });

  it('answer type when the chain reaches every gold answer it can, however tightly another chain fits', () => {
    // "Twin" names two films (a homonym): its actors are Ann2 and Cy, the gold is Ann2. written_by> mentor_of>
    // happens to end at Ann2 alone (F1 1), but starred_actors> reaches Ann2 too, in one step: the ranking failed.
    const twin = MemoryGraph.fromTriples('twin', [], parsePipeTriples('Twin|starred_actors|Ann2\nTwin|starred_actors|Cy\nTwin|written_by|W\nW|mentor_of|Ann2'));
    const d = classifyMiss(twin, ask(['Twin'], ['Ann2'], { name: 'Cy', from: 'Twin', chain: [out('starred_actors')] }))!;
    expect(d.goldChains.map(formatChain)).toEqual(['written_by> mentor_of>']);
    expect(d.cause).toBe('answer type');
  });

  it('no chain / no answer: nothing came back, judged by the indicator', () => {
    expect(cause(ask(['Dora'], ['F1']))).toBe('no chain');
    expect(cause(ask(['Dora'], ['F1'], undefined, [inn('directed_by')]))).toBe('no answer');
    expect(cause(ask(['Dora'], ['Drama'], undefined, [inn('directed_by')]))).toBe('hop count short');
  });

  it('takes the gold chain that matches the gold set, not the shortest path to one gold answer', () => {
    // Genres of the films sharing a director with F1: {Drama (F1's own), Comedy (F2's)}. F1's own genre is one hop
    // away, but only directed_by> directed_by< has_genre> reaches the whole set: a one-hop chain is too short.
    const d = classifyMiss(graph, ask(['F1'], ['Drama', 'Comedy'], { name: 'Ann', from: 'F1', chain: [out('starred_actors')] }))!;
    expect(d.shortest).toBe(1);
    expect(d.goldChains.map(formatChain)).toEqual(['directed_by> directed_by< has_genre>']);
    expect(d.cause).toBe('hop count short');
  });

  it('walks the chosen chain from the start of the top answer path', () => {
    // Linked F1 and Dora; the path starts at Dora, so directed_by< reaches F2 (gold) from there: answer type.
    expect(cause(ask(['F1', 'Dora'], ['F2'], { name: 'F1x', from: 'Dora', chain: [inn('directed_by')] }))).toBe('answer type');
  });
});

describe('missInputOf', () => {
  const result = (answers: AskResult['answers'], indicator?: AskResult['indicator']): Pick<AskResult, 'topics' | 'answers' | 'indicator'> => ({
    topics: [{ id: 'Dora', name: 'Dora', mention: 'dora', score: 1 }],
    answers,
    ...(indicator ? { indicator } : {}),
  });

  it('reads anchors, the top answer path up to the answer, and the indicator chain up to its answer position', () => {
    const input = missInputOf(
      result(
        [
          {
            id: 'F1',
            name: 'F1',
            score: 1,
            // Two-anchor path Dora → F1 → Ann with the answer in the middle.
            rawPaths: [{ entities: ['Dora', 'F1', 'Ann'], edges: [inn('directed_by'), out('starred_actors')] }],
            viewPaths: [],
          },
        ],
        { anchors: ['T1'], chain: [{ ...inn('directed_by'), confidence: 1 }, { ...out('starred_actors'), confidence: 1 }], answerPosition: 1, dPredict: 1 },
      ),
      ['F2'],
      3,
    );
    expect(input.anchors).toEqual(['Dora']);
    expect(input.top).toEqual({ name: 'F1', from: 'Dora', chain: [inn('directed_by')] });
    expect(input.indicator).toEqual([inn('directed_by')]);
    expect(classifyMiss(graph, input)?.cause).toBe('answer type');
  });

  it('has no top answer when the engine returned none', () => {
    const input = missInputOf(result([]), ['F1'], 3);
    expect(input.top).toBeUndefined();
    expect(input.indicator).toBeUndefined();
    expect(classifyMiss(graph, input)?.cause).toBe('no chain');
  });
});
