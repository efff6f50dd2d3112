import { describe, expect, it } from 'vitest';
import { tokenizeLabel, tokenizeText } from '../../src-main/engine/drm/tokenize.js';

describe('tokenizeLabel', () => {
  it('splits dotted, snake_case, __-separated and camelCase relation names', () => {
    expect(tokenizeLabel('film.directed_by')).toEqual(['film', 'directed', 'by']);
    expect(tokenizeLabel('starred_actors')).toEqual(['starred', 'actors']);
    expect(tokenizeLabel('__people__person__nationality')).toEqual(['people', 'person', 'nationality']);
    expect(tokenizeLabel('hasImdbRating')).toEqual(['has', 'imdb', 'rating']);
  });

  it('keeps acronym runs together and drops IRI namespaces', () => {
    expect(tokenizeLabel('IMDBRating')).toEqual(['imdb', 'rating']);
    expect(tokenizeLabel('http://schema.org/birthPlace')).toEqual(['birth', 'place']);
    expect(tokenizeLabel('treated-by / Ward2')).toEqual(['treated', 'by', 'ward', '2']);
  });
});

describe('tokenizeText', () => {
  it('lowercases, folds diacritics, splits on underscores and punctuation', () => {
    expect(tokenizeText('Gert Fröbe')).toEqual(['gert', 'frobe']);
    expect(tokenizeText('which nationality is frederica_of_mecklenburg-strelitz ?')).toEqual([
      'which',
      'nationality',
      'is',
      'frederica',
      'of',
      'mecklenburg',
      'strelitz',
    ]);
  });

  it("drops the possessive 's but keeps name apostrophes as separators", () => {
    expect(tokenizeText("Chris O'Donnell's films")).toEqual(['chris', 'o', 'donnell', 'films']);
    expect(tokenizeText("frederica 's couple")).toEqual(['frederica', 'couple']);
  });
});
