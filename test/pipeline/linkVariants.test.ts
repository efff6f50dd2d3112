// Linking of mentions written differently from the graph's names (spacing, last-resort partial mentions), on tiny
// graphs with the real GloVe DRM.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGloveDrm, type GloveDrm } from '../../src-main/engine/drm/gloveDrm.js';
import type { MemoryGraph } from '../../src-main/engine/graph/memoryGraph.js';
import { EntityNameIndex } from '../../src-main/engine/qa/stages/entityNameIndex.js';
import { linkTopics } from '../../src-main/engine/qa/hand/linkTopics.js';
import { toyGraph } from '../helpers/toyGraph.js';

let drm: GloveDrm;
let g: MemoryGraph;
let ix: EntityNameIndex;
beforeAll(async () => {
  drm = await loadGloveDrm();
  g = toyGraph([
    "Mick O'Brien|gender|male",
    "There Are Things You Don't Know|original_language|Persian",
    'SkyTeam|member_airlines|Kenya Airways',
    'SkyTeam|member_airlines|China Airlines',
    'Alone|directed_by|Ana Ruiz',
    'Barack Obama|candidate_in|Obama 2008 campaign',
    'Barack Obama|born_in|Honolulu',
    'United|genre|funk',
    '404 (film)|language|Hindi',
    'United States of America|country_of|Franklin County',
    'United States of America|country_of|Archer County',
    'United States Navy|based_in|Norfolk',
    'September 1964 coup attempt|happened_in|Saigon',
    'Fail-Safe|adapted_as|Fail Safe remake',
    'Ohm meter|measurement_system|International System of Units',
    'Metre|measurement_system|International System of Units',
    'Mace|measurement_system|Chinese units of measurement',
    'Picul|measurement_system|Chinese units of measurement',
    'Tael|measurement_system|Burmese units of measurement',
    'Volt|measurement_system|International System of Units',
    'Pint|measurement_system|Imperial units',
    'Dilation and evacuation|used_to_treat|Miscarriage',
    'D|rating_of|Rating Organization',
    'The White Album|album_content_type|Studio album',
    'White on White|art_form|Oil painting',
  ]);
  ix = EntityNameIndex.build(g);
}, 180_000);

const linked = async (q: string): Promise<string[]> => (await linkTopics(q, g, ix, drm)).topics.map((t) => g.names[t.entity]);

describe('linkTopics: the same letters with other spaces', () => {
  it('links a name written without its apostrophe', async () => {
    expect(await linked('what gender is mick obrien?')).toEqual(["Mick O'Brien"]);
    expect(await linked('what language is there are things you dont know shot in')).toEqual(["There Are Things You Don't Know"]);
  });

  it('links a one-word name the question writes as two words', async () => {
    expect(await linked('which airlines are in the sky team alliance')).toContain('SkyTeam');
  });

  it('never glues an article to a word', async () => {
    expect(await linked('who directed a lone wolf')).not.toContain('Alone');
  });
});

describe('linkTopics: partial mentions when no whole name is written', () => {
  it('links a common word of a longer name when nothing else is named, the best-connected name first', async () => {
    expect(await linked('obama is a candidate in what election?')).toEqual(['Barack Obama']);
  });

  it('prefers a run of words inside a longer name to a one-word name made of one of them', async () => {
    expect(await linked('what is the name of a county in the united states')).toEqual(['United States of America']);
  });

  it('keeps a relation word inside such a run ("white album" of The White Album, beside an "album" relation)', async () => {
    expect(await linked('white album contains what type of content?')).toEqual(['The White Album']);
  });

  it('reads a number as a name only when a name starts with it', async () => {
    expect(await linked('what language is spoken in 404')).toEqual(['404 (film)']);
    expect(await linked('what is the 1964 adaptation of the work fail-safe?')).toEqual(['Fail-Safe']);
  });
});

describe('linkTopics: a whole name against a guess over the same words', () => {
  it('prefers the whole name written in the question to a fuzzy match overlapping it', async () => {
    expect((await linked('which unit of resistivity is under the international system of units measurement system?'))[0]).toBe('International System of Units');
  });
});

describe('linkTopics: initials joined by an ampersand', () => {
  it('reads "d&e" as the initials of a name, not as the one-letter name "D"', async () => {
    expect(await linked('what is treated by d&e?')).toEqual(['Dilation and evacuation']);
  });
});
