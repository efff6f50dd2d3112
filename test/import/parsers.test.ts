import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src-main/engine/import/parseCsv.js';
import { parseDelimited } from '../../src-main/engine/import/parseDelimited.js';
import { parseNTriples } from '../../src-main/engine/import/parseNTriples.js';
import { parseTurtle } from '../../src-main/engine/import/parseTurtle.js';
import { ImportError } from '../../src-main/engine/import/importErrors.js';
import { resolveImportFormat } from '../../src-main/engine/import/importFormat.js';
import { shortenIri } from '../../src-main/engine/import/shortenIri.js';
import { collect, counters, issuesOf, tempDir, triplesOf } from './helpers.js';

const dir = tempDir();
afterAll(() => dir.remove());

describe('pipe / tab triples', () => {
  it('reads pipe-separated lines, skipping blanks and comments, flagging literal candidates', async () => {
    const file = dir.file('a.txt', '# comment\nTop Hat|release_year|1935\n\nTop Hat|has_imdb_rating|7.5\r\nTop Hat|starred_actors|Ginger Rogers');
    const c = counters();
    const recs = await collect(parseDelimited({ file, counters: c }));
    expect(triplesOf(recs)).toEqual([
      ['Top Hat', 'release_year', '1935'],
      ['Top Hat', 'has_imdb_rating', '7.5'],
      ['Top Hat', 'starred_actors', 'Ginger Rogers'],
    ]);
    const first = recs[0];
    expect(first.kind === 'triple' && first.line).toBe(2);
    expect(first.kind === 'triple' && first.tail.literal).toBe('date');
    expect(c.lines).toBe(5);
    expect(c.bytes).toBeGreaterThan(50);
  });

  it('detects tabs per file, so a pipe inside a name survives', async () => {
    const file = dir.file('b.tsv', 'Face|Off\tdirected_by\tJohn Woo\n');
    expect(triplesOf(await collect(parseDelimited({ file, counters: counters() })))).toEqual([['Face|Off', 'directed_by', 'John Woo']]);
  });

  it('reports malformed lines with their line numbers', async () => {
    const file = dir.file('c.txt', 'a|r|b\nonly|two\na||b\nx|y|z|w\nc|r|d\n');
    const issues = issuesOf(await collect(parseDelimited({ file, counters: counters() })));
    expect(issues.map((i) => [i.line, i.reason])).toEqual([
      [2, "expected 3 fields separated by '|', found 2"],
      [3, 'empty relation'],
      [4, "expected 3 fields separated by '|', found 4"],
    ]);
    expect(issues[0]).toMatchObject({ file, text: 'only|two' });
  });
});

describe('CSV', () => {
  it('reads the chosen columns by header name, with quoting and types', async () => {
    const file = dir.file('m.csv', 'film,rel,who,kind\n"Top Hat, the film",starred_actors,Ginger Rogers,person\nSwing Time,release_year,1936,\n');
    const recs = await collect(
      parseCsv({ file, counters: counters(), lenient: false, columns: { head: 'film', relation: 'rel', tail: 'who', tailType: 'kind' } }),
    );
    expect(triplesOf(recs)).toEqual([
      ['Top Hat, the film', 'starred_actors', 'Ginger Rogers'],
      ['Swing Time', 'release_year', '1936'],
    ]);
    expect(recs[0].kind === 'triple' && recs[0].tail.type).toBe('person');
    expect(recs[0].kind === 'triple' && recs[0].line).toBe(2);
  });

  it('names a missing column', async () => {
    const file = dir.file('n.csv', 'a,b,c\n1,2,3\n');
    await expect(collect(parseCsv({ file, counters: counters(), lenient: false, columns: { head: 'a', relation: 'rel', tail: 'c' } }))).rejects.toThrow(
      /n\.csv:1: no column "rel" for the relation/,
    );
  });

  it('fails on a ragged row in strict mode and skips it in lenient mode', async () => {
    const file = dir.file('r.csv', 'h,r,t\na,b,c\nd,e\nf,g,h\n,x,y\n');
    const columns = { head: 'h', relation: 'r', tail: 't' };
    await expect(collect(parseCsv({ file, counters: counters(), lenient: false, columns }))).rejects.toThrow(/r\.csv:3:/);
    const recs = await collect(parseCsv({ file, counters: counters(), lenient: true, columns }));
    expect(triplesOf(recs)).toEqual([
      ['a', 'b', 'c'],
      ['f', 'g', 'h'],
    ]);
    expect(issuesOf(recs).map((i) => i.line)).toEqual([3, 5]);
  });
});

describe('N-Triples', () => {
  it('shortens IRIs, keeps literal kinds, turns rdfs:label and rdf:type into side records', async () => {
    const file = dir.file(
      'g.nt',
      [
        '<http://ex.org/film/Top_Hat> <http://ex.org/p#directedBy> <http://ex.org/person/Mark%20Sandrich> .',
        '<http://ex.org/film/Top_Hat> <http://ex.org/p#year> "1935"^^<http://www.w3.org/2001/XMLSchema#gYear> .',
        '<http://ex.org/film/Top_Hat> <http://www.w3.org/2000/01/rdf-schema#label> "Top Hat"@en .',
        '<http://ex.org/film/Top_Hat> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://ex.org/Film> .',
        '_:b1 <http://ex.org/p#likes> <http://ex.org/film/Top_Hat> .',
      ].join('\n'),
    );
    const recs = await collect(parseNTriples({ file, counters: counters() }));
    expect(recs[0]).toMatchObject({
      kind: 'triple',
      line: 1,
      head: { id: 'http://ex.org/film/Top_Hat', name: 'Top_Hat' },
      relation: 'directedBy',
      tail: { name: 'Mark Sandrich' },
    });
    expect(recs[1]).toMatchObject({ kind: 'triple', tail: { id: '1935', literal: 'date' } });
    expect(recs[2]).toEqual({ kind: 'label', line: 3, id: 'http://ex.org/film/Top_Hat', name: 'Top Hat' });
    expect(recs[3]).toEqual({ kind: 'type', line: 4, id: 'http://ex.org/film/Top_Hat', type: 'Film' });
    expect(recs[4]).toMatchObject({ kind: 'triple', head: { id: '_:b1' } });
  });

  it('pinpoints a bad line', async () => {
    const file = dir.file('bad.nt', '<http://a> <http://r> <http://b> .\n<http://a> <http://r> .\n<http://c> <http://r> "x" .\n');
    const recs = await collect(parseNTriples({ file, counters: counters() }));
    expect(triplesOf(recs)).toEqual([
      ['http://a', 'r', 'http://b'],
      ['http://c', 'r', 'x'],
    ]);
    expect(issuesOf(recs).map((i) => i.line)).toEqual([2]);
  });
});

describe('Turtle', () => {
  it('reads prefixed statements; a label may come after the triples', async () => {
    const file = dir.file(
      'g.ttl',
      [
        '@prefix ex: <http://ex.org/> .',
        '@prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .',
        'ex:TopHat ex:starring ex:Ginger_Rogers , ex:Fred_Astaire ;',
        '  ex:rating 7.5 .',
        'ex:Ginger_Rogers rdfs:label "Ginger Rogers" .',
      ].join('\n'),
    );
    const recs = await collect(parseTurtle({ file, counters: counters() }));
    expect(triplesOf(recs)).toEqual([
      ['http://ex.org/TopHat', 'starring', 'http://ex.org/Ginger_Rogers'],
      ['http://ex.org/TopHat', 'starring', 'http://ex.org/Fred_Astaire'],
      ['http://ex.org/TopHat', 'rating', '7.5'],
    ]);
    expect(recs.find((r) => r.kind === 'triple' && r.relation === 'rating')).toMatchObject({ tail: { literal: 'number' } });
    expect(recs.at(-1)).toMatchObject({ kind: 'label', id: 'http://ex.org/Ginger_Rogers', name: 'Ginger Rogers' });
  });

  it('raises an ImportError with the line of a syntax error', async () => {
    const file = dir.file('bad.ttl', '@prefix ex: <http://ex.org/> .\nex:a ex:b ex:c .\nex:a ex:b .\n');
    const err = await collect(parseTurtle({ file, counters: counters() })).catch((e) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect(err.line).toBe(3);
    expect(err.message).toMatch(/bad\.ttl:3:/);
  });
});

describe('helpers', () => {
  it('shortens IRIs to readable names', () => {
    expect(shortenIri('http://dbpedia.org/resource/Le_Mans')).toBe('Le_Mans');
    expect(shortenIri('http://ex.org/onto#starredIn')).toBe('starredIn');
    expect(shortenIri('http://ex.org/a/Am%C3%A9lie/')).toBe('Amélie');
    expect(shortenIri('urn:isbn:0451450523')).toBe('0451450523');
    expect(shortenIri('http://ex.org/bad%zz')).toBe('bad%zz');
  });

  it('picks the format from the flag or the extension', () => {
    expect(resolveImportFormat('kb.txt')).toBe('tsv');
    expect(resolveImportFormat('kb.PSV')).toBe('tsv');
    expect(resolveImportFormat('x.ttl')).toBe('ttl');
    expect(resolveImportFormat('x.dat', 'nt')).toBe('nt');
    expect(() => resolveImportFormat('x.dat')).toThrow(/cannot tell the format/);
    expect(() => resolveImportFormat('x.txt', 'xml')).toThrow(/unknown format "xml"/);
  });
});
