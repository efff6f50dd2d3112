// Deterministic generator for a literature / publishing test knowledge graph.
// Usage: node gen.mjs   -> writes kb.txt, questions.tsv, paths.tsv next to this script.
// No dependencies. All answers are computed by walking the generated triples.
//
// Award structure: each award has yearly "editions" (e.g. "Halvorsen Prize 2014"):
//   edition|edition_of|award, edition|ceremony_year|2014,
//   book|won_award|edition (one winner), book|shortlisted_for|edition (runners-up only; the winner is NOT listed).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../seededRandom.mjs';
import { tripleStore } from '../tripleStore.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

// ---------- PRNG (mulberry32, fixed seed: ../seededRandom.mjs) ----------
const { rnd, ri, pick, chance, shuffle, sample } = seededRandom(20240917);

// ---------- triple store ----------
const { triples, keys: tset, add } = tripleStore();
const types = new Map();
const names = new Set();
function ent(name, type) {
  if (names.has(name)) throw new Error('duplicate entity name ' + name);
  names.add(name); types.set(name, type); return name;
}
const ofType = (t) => [...types.keys()].filter((e) => types.get(e) === t);

// ---------- geography ----------
const COUNTRIES = {
  Portugal: { lang: 'Portuguese', cities: ['Lisbon', 'Porto', 'Coimbra', 'Alvorada do Sal'] },
  Norway: { lang: 'Norwegian', cities: ['Oslo', 'Bergen', 'Trondvik', 'Skarnes Havn'] },
  Poland: { lang: 'Polish', cities: ['Kraków', 'Gdańsk', 'Wrzosowo'] },
  Italy: { lang: 'Italian', cities: ['Trieste', 'Bologna', 'Castelmarro', 'Torre Velina'] },
  Ireland: { lang: 'English', cities: ['Dublin', 'Galway', 'Ballinmore Quay'] },
  Valdoria: { lang: 'Valdorian', cities: ['Vell', 'Vellmouth', 'Ostracine', 'Karsk', 'Marrowgate'] },
  Esterhaven: { lang: 'Esterish', cities: ['Esterport', 'Lantern Bay', 'Holm Carrow', 'Saint Brisk'] },
  'United Kingdom': { lang: 'English', cities: ['Edinburgh', 'London', 'Carrow Bridge', 'Norwich'] },
  Brazil: { lang: 'Portuguese', cities: ['Recife', 'Belo Horizonte', 'Salt Harbour'] },
};
const LANGS = ['Portuguese', 'Norwegian', 'Polish', 'Italian', 'English', 'Valdorian', 'Esterish', 'French', 'German'];
for (const l of LANGS) ent(l, 'language');
const CITIES = [];
for (const [c, info] of Object.entries(COUNTRIES)) {
  ent(c, 'country');
  add(c, 'official_language', info.lang);
  for (const city of info.cities) { ent(city, 'city'); CITIES.push(city); add(city, 'located_in', c); }
}
const countryOf = (city) => triples.find(([h, r]) => h === city && r === 'located_in')[2];

const GENRES = ['literary fiction', 'crime fiction', 'historical fiction', 'science fiction', 'fantasy', 'poetry', 'memoir',
  'narrative nonfiction', 'short stories', 'gothic horror', 'young adult', 'travel writing', 'essays', 'romance'];
for (const g of GENRES) ent(g, 'genre');

// ---------- people ----------
const FIRST = ['Ottilie', 'Anselm', 'Brigid', 'Casimir', 'Dagny', 'Emeric', 'Fenna', 'Gideon', 'Halvard', 'Inês', 'Jorund', 'Katrien',
  'Leopold', 'Malin', 'Nikolai', 'Oriana', 'Piotr', 'Quentin', 'Rosalind', 'Severin', 'Tamsin', 'Ulla', 'Vesna', 'Wendel', 'Yelena',
  'Zofia', 'Agathe', 'Bertil', 'Clemence', 'Dorian', 'Elske', 'Florian', 'Greta', 'Henrik', 'Isolde', 'Joaquim', 'Liesel', 'Magnus',
  'Noor', 'Osric', 'Petra', 'Rasmus', 'Sigrid', 'Teodoro', 'Ursula', 'Valentina', 'Aurelia', 'Benedikt', 'Cordelia', 'Edvard',
  'Frida', 'Gustavo', 'Helena', 'Ivo', 'Josefine', 'Konrad', 'Lavinia', 'Matteo', 'Nadia', 'Orla', 'Pascal', 'Rikke', 'Stellan',
  'Tobias', 'Vivienne', 'Alaric', 'Beatriz', 'Cyril', 'Delphine', 'Evander', 'Fiora', 'Hugo', 'Imke', 'Jasper', 'Kaja', 'Lorenzo',
  'Mirela', 'Niamh', 'Odile', 'Marisol', 'Anouk', 'Bram', 'Celeste', 'Esme', 'Lucan', 'Milena', 'Radu', 'Solveig', 'Tancred', 'Aoife'];
const SUR = ['Brandvold', 'Achterberg', 'Bellweather', 'Castellane', 'Dravnik', 'Eskildsen', 'Falkenrath', 'Gorunov', 'Haverkamp',
  'Halvorsen', 'Marrow', 'Kowalczyk', 'Marchetti', 'Norrland', 'Oberholt', 'Petrakis', 'Quennell', 'Rosenvinge', 'Tiernan',
  'Ulvestad', 'Varga', 'Westerholm', 'Brisk', 'Zellweger', 'Abernathy', 'Corvalan', 'Delacroix', 'Engstrom', 'Fairbrother',
  'Galloway', 'Iversen', 'Lauridsen', 'Montague', 'Navarrete', 'Ostrander', 'Pellegrin', 'Sandoval', 'Thorvaldsen', 'Vukovic',
  'Whitcombe', 'Calloway', 'Dunmore', 'Salgueiro', 'Lantern', 'Carrow', 'Moreau', 'Nowicki', 'Ferreira', 'Strand', 'Okafor',
  'Valdés', 'Harrow', 'Ashcombe', 'Lindqvist', 'Bianchi', "O'Donnell", 'Mazur', 'Amaral', 'Søberg', 'Kestrel'];
const usedPeople = new Set();
function person(type) {
  for (;;) {
    const n = `${pick(FIRST)} ${pick(SUR)}`;
    if (usedPeople.has(n) || names.has(n)) continue;
    usedPeople.add(n); return ent(n, type);
  }
}
function placePerson(p, born = [1940, 1995]) {
  const city = pick(CITIES);
  add(p, 'born_in', city);
  add(p, 'birth_year', ri(born[0], born[1]));
  add(p, 'nationality', chance(0.85) ? countryOf(city) : pick(Object.keys(COUNTRIES)));
  return city;
}

// ---------- universities ----------
const UNIS = ['University of Vell', 'Coimbra Institute of Letters', 'Trondvik University', 'Jagiellonian College of Kraków',
  'Trieste School of Humanities', 'Trinity Hall Galway', 'Esterport University', 'Royal College of Edinburgh',
  'Lantern Bay Polytechnic', 'University of Bologna Letters', 'Marrowgate Academy', 'Norwich School of Writing',
  'Recife Federal University', 'Karsk Institute of Arts'];
const UNI_CITY = ['Vell', 'Coimbra', 'Trondvik', 'Kraków', 'Trieste', 'Galway', 'Esterport', 'Edinburgh', 'Lantern Bay', 'Bologna',
  'Marrowgate', 'Norwich', 'Recife', 'Karsk'];
UNIS.forEach((u, i) => { ent(u, 'university'); add(u, 'located_in', UNI_CITY[i]); add(u, 'founded_year', ri(1290, 1975)); });

// ---------- publishing: parent companies, publishers, imprints ----------
const PARENTS = ['Meridian Global Media', 'Halvorsen Holdings', 'Corvid Group', 'Atlas & Quill Ltd', 'Nordvik Mediehus'];
const PARENT_HQ = ['London', 'Oslo', 'Esterport', 'Dublin', 'Bergen'];
PARENTS.forEach((p, i) => { ent(p, 'parent'); add(p, 'headquartered_in', PARENT_HQ[i]); add(p, 'founded_year', ri(1890, 1998)); });
const PUBS = ['Lantern House', 'Harrow & Kestrel', 'Salt Orchard Press', 'Vellmouth Books', 'Castellane Editores',
  'Quill and Ember', 'Nordlys Forlag', 'Marrowgate Publishing', 'Wydawnictwo Wrzos', 'Casa Bianchi', 'Blackthorn Press',
  'Meridian Press'];
const PUB_HQ = ['London', 'Edinburgh', 'Lisbon', 'Vellmouth', 'Porto', 'Dublin', 'Oslo', 'Marrowgate', 'Kraków', 'Bologna',
  'Galway', 'London'];
const PUB_PARENT = ['Meridian Global Media', 'Corvid Group', 'Atlas & Quill Ltd', 'Halvorsen Holdings', 'Atlas & Quill Ltd',
  'Corvid Group', 'Nordvik Mediehus', 'Halvorsen Holdings', null, 'Meridian Global Media', null, 'Meridian Global Media'];
PUBS.forEach((p, i) => {
  ent(p, 'publisher'); add(p, 'headquartered_in', PUB_HQ[i]); add(p, 'founded_year', ri(1820, 2010));
  if (PUB_PARENT[i]) add(p, 'subsidiary_of', PUB_PARENT[i]);
});
const IMPRINT_WORDS = ['Lantern', 'Ember', 'Tidewater', 'Orchard', 'Kestrel', 'Harbour', 'Vesper', 'Quill', 'Northlight', 'Juniper',
  'Saltmarsh', 'Bramble', 'Corvid', 'Halcyon', 'Ironwood', 'Meridian', 'Linden', 'Rook', 'Wren', 'Gull', 'Ashgrove', 'Foxglove',
  'Marrow', 'Sable', 'Thistle', 'Cinder', 'Larch', 'Obsidian'];
const IMPRINT_SUFFIX = ['Books', 'Editions', 'Press', 'Classics', 'Paperbacks', 'Crime', 'Poetry'];
const IMPRINTS = [];
{
  const words = shuffle(IMPRINT_WORDS);
  PUBS.forEach((p, i) => {
    const k = i < 4 ? 3 : 2;
    for (let j = 0; j < k && words.length; j++) {
      let n;
      do { n = `${words.pop()} ${pick(IMPRINT_SUFFIX)}`; } while (names.has(n));
      ent(n, 'imprint'); IMPRINTS.push(n);
      add(n, 'imprint_of', p); add(n, 'founded_year', ri(1950, 2018));
    }
  });
}

// ---------- agencies & agents, editors, translators ----------
const AGENCIES = ['Kestrel Literary Agency', 'Marchetti & Strand Associates', 'Northlight Agency', 'The Brisk Agency',
  'Salgueiro Literária', 'Ashcombe Literary Management'];
const AG_HQ = ['London', 'Bologna', 'Oslo', 'Saint Brisk', 'Lisbon', 'Edinburgh'];
AGENCIES.forEach((a, i) => { ent(a, 'agency'); add(a, 'headquartered_in', AG_HQ[i]); add(a, 'founded_year', ri(1925, 2012)); });
const AGENTS = [];
for (let i = 0; i < 18; i++) { const a = person('agent'); AGENTS.push(a); add(a, 'employed_by', AGENCIES[i % AGENCIES.length]); add(a, 'born_in', pick(CITIES)); }
const EDITORS = [];
for (let i = 0; i < 28; i++) { const e = person('editor'); EDITORS.push(e); add(e, 'employed_by', IMPRINTS[i % IMPRINTS.length]); add(e, 'born_in', pick(CITIES)); add(e, 'birth_year', ri(1950, 1992)); }
const editorsOf = (imp) => EDITORS.filter((e) => tset.has(`${e}|employed_by|${imp}`));
const TRANSLATORS = [];
const TRANS_TARGETS = ['English', 'English', 'English', 'English', 'French', 'French', 'German', 'German', 'Italian', 'Portuguese', 'Polish', 'Norwegian', 'Esterish', 'Valdorian'];
for (let i = 0; i < 24; i++) {
  const t = person('translator'); TRANSLATORS.push(t);
  add(t, 'translates_into', TRANS_TARGETS[i % TRANS_TARGETS.length]);
  add(t, 'born_in', pick(CITIES)); add(t, 'nationality', pick(Object.keys(COUNTRIES)));
}
const translatorsInto = (l) => TRANSLATORS.filter((t) => tset.has(`${t}|translates_into|${l}`));

// ---------- magazines & festivals ----------
const MAGS = ['The Vellmouth Review', 'Lantern Quarterly', 'The Salt Review', 'Northlight Magazine', 'Kestrel Monthly',
  'The Trieste Letters', 'Ember Literary Journal', 'Carrow Bridge Gazette of Books', 'Orchard & Ink', 'The Dublin Critic'];
MAGS.forEach((m) => {
  ent(m, 'magazine'); add(m, 'headquartered_in', pick(CITIES)); add(m, 'founded_year', ri(1880, 2015));
  add(m, 'published_by', pick(PUBS)); add(m, 'editor_in_chief', pick(EDITORS));
});
const FESTS = ['Vellmouth Literary Festival', 'Lisbon Book Fair', 'Trondvik Word Festival', 'Edinburgh Festival of Letters',
  'Galway Lantern Festival', 'Trieste Borderlands Festival', 'Esterport Book Week', 'Kraków Festival of Words', 'Salt Harbour Literary Weekend'];
const FEST_CITY = ['Vellmouth', 'Lisbon', 'Trondvik', 'Edinburgh', 'Galway', 'Trieste', 'Esterport', 'Kraków', 'Salt Harbour'];
FESTS.forEach((f, i) => { ent(f, 'festival'); add(f, 'held_in', FEST_CITY[i]); add(f, 'founded_year', ri(1948, 2016)); });

// ---------- authors ----------
const AUTHORS = [];
for (let i = 0; i < 110; i++) {
  const a = person('author'); AUTHORS.push(a);
  const city = placePerson(a, [1930, 1998]);
  if (chance(0.75)) add(a, 'studied_at', chance(0.5) ? pick(UNIS) : UNIS[UNI_CITY.findIndex((c) => countryOf(c) === countryOf(city))] || pick(UNIS));
  if (chance(0.88)) add(a, 'represented_by', pick(AGENTS));
  for (let k = ri(0, 2); k > 0; k--) if (chance(0.6)) add(a, 'contributed_to', pick(MAGS));
  for (let k = ri(0, 2); k > 0; k--) add(a, 'appeared_at', pick(FESTS));
}
const authorLang = (a) => COUNTRIES[triples.find(([h, r]) => h === a && r === 'nationality')[2]].lang;

// ---------- series & books ----------
const ADJ = ['Salt', 'Silent', 'Drowned', 'Amber', 'Glass', 'Winter', 'Hollow', 'Crimson', 'Lantern', 'Burning', 'Northern',
  'Paper', 'Iron', 'Quiet', 'Last', 'Bitter', 'Orchard', 'Hidden', 'Broken', 'Golden', 'Pale', 'Restless', 'Ember', 'Lost'];
const NOUN = ['Orchard', 'Harbour', 'Lighthouse', 'Archive', 'Garden', 'Crossing', 'Cartographer', 'Widow', 'Ferryman', 'Tide',
  'Mirror', 'Atlas', 'Winter', 'Kingdom', 'Ledger', 'Saint', 'River', 'Museum', 'Bell', 'Lantern', 'Orphan', 'Vineyard', 'Fox',
  'Ember', 'Salt', 'Kestrel', 'Meridian', 'Map', 'Feast', 'Choir'];
const bookTitle = () => {
  const a = pick(NOUN); let b; do { b = pick(NOUN); } while (b === a);
  const f = ri(0, 5);
  if (f === 0) return `The ${pick(ADJ)} ${pick(NOUN)}`;
  if (f === 1) return `${a} of ${b}s`;
  if (f === 2) { const n = pick(NOUN); return `${/^[AEIOU]/.test(n) ? 'An' : 'A'} ${n} in ${pick(CITIES)}`; }
  if (f === 3) return `The ${a}'s ${b}`;
  if (f === 4) return `${pick(ADJ)} ${pick(NOUN)}`;
  return `Letters from ${pick(CITIES)}`;
};
const SERIES = [];
for (let i = 0; i < 22; i++) {
  let n; do { n = `The ${pick(NOUN)} ${pick(['Trilogy', 'Quartet', 'Chronicles', 'Cycle', 'Mysteries', 'Sequence'])}`; } while (names.has(n));
  ent(n, 'series'); SERIES.push(n);
}
const BOOKS = [];
function makeBook(author, year, genre, series, pos) {
  let t; do { t = bookTitle(); } while (names.has(t));
  ent(t, 'book'); BOOKS.push(t);
  add(t, 'written_by', author);
  const imp = pick(IMPRINTS);
  add(t, 'published_by', imp);
  add(t, 'publication_year', year);
  add(t, 'page_count', ri(96, 720));
  add(t, 'genre', genre);
  if (chance(0.2)) add(t, 'genre', pick(GENRES));
  const lang = authorLang(author);
  add(t, 'original_language', lang);
  const eds = editorsOf(imp);
  if (eds.length && chance(0.85)) add(t, 'edited_by', pick(eds));
  if (series) { add(t, 'part_of_series', series); add(t, 'series_position', pos); }
  if (chance(0.38)) {
    for (const l of sample(TRANS_TARGETS.filter((x) => x !== lang), ri(1, 2))) {
      const tr = translatorsInto(l);
      add(t, 'translated_into', l);
      add(t, 'translated_by', pick(tr));
    }
  }
  return t;
}
// series books
for (const s of SERIES) {
  const a = pick(AUTHORS);
  const g = pick(GENRES);
  add(s, 'genre', g);
  let y = ri(1975, 2016);
  const n = s.endsWith('Trilogy') ? 3 : s.endsWith('Quartet') ? 4 : ri(2, 4);
  for (let p = 1; p <= n; p++) { makeBook(a, y, g, s, p); y += ri(1, 3); }
}
// standalone books
for (let i = 0; i < 100; i++) makeBook(pick(AUTHORS), ri(1968, 2023), pick(GENRES), null, 0);
// make sure every author has at least one book
for (const a of AUTHORS) if (!triples.some(([, r, t]) => r === 'written_by' && t === a)) makeBook(a, ri(1968, 2023), pick(GENRES), null, 0);

// ---------- awards ----------
const AWARDS = ['Halvorsen Prize', 'Marrow Medal', 'Lantern Award for Fiction', 'Vellmouth Book Prize', 'Brisk Prize for Poetry',
  'Meridian International Fiction Award', 'Kestrel Prize for Crime Writing', 'Salt Orchard Debut Award', 'Trieste Translation Prize',
  'Northlight Nonfiction Prize'];
const pubYear = (b) => +triples.find(([h, r]) => h === b && r === 'publication_year')[2];
AWARDS.forEach((aw, i) => {
  ent(aw, 'award');
  add(aw, 'presented_at', FESTS[i % FESTS.length]);
  add(aw, 'sponsored_by', chance(0.5) ? pick(PARENTS) : pick(PUBS));
  const start = ri(1990, 2012);
  add(aw, 'founded_year', start);
  for (let y = start; y <= 2023; y += ri(1, 4)) {
    const ed = ent(`${aw} ${y}`, 'edition');
    add(ed, 'edition_of', aw); add(ed, 'ceremony_year', y);
    const elig = shuffle(BOOKS.filter((b) => { const py = pubYear(b); return py >= y - 2 && py <= y - 1; }));
    if (!elig.length) continue;
    add(elig[0], 'won_award', ed);
    for (const b of elig.slice(1, 1 + ri(1, 3))) add(b, 'shortlisted_for', ed);
  }
});

// ---------- indices & walk ----------
const fwd = new Map(); const bwd = new Map();
for (const [h, r, t] of triples) {
  const kf = `${h}\u0000${r}`; if (!fwd.has(kf)) fwd.set(kf, []); fwd.get(kf).push(t);
  const kb = `${t}\u0000${r}`; if (!bwd.has(kb)) bwd.set(kb, []); bwd.get(kb).push(h);
}
function walk(start, path) {
  let cur = new Set([start]);
  for (const step of path.trim().split(/\s+/)) {
    const back = step.endsWith('<'); const rel = step.slice(0, -1);
    const nxt = new Set();
    for (const e of cur) for (const x of ((back ? bwd : fwd).get(`${e}\u0000${rel}`) || [])) nxt.add(x);
    cur = nxt;
  }
  return [...cur].sort();
}

// ---------- question templates ----------
// hop = number of relations in the path; type = type of the start entity named in the question.
const T = [
  // 1-hop
  { path: 'written_by>', type: 'book', q: (s) => `Who wrote ${s}?` },
  { path: 'written_by<', type: 'author', q: (s) => `Which books has ${s} penned?` },
  { path: 'published_by>', type: 'book', q: (s) => `Which imprint put out ${s}?` },
  { path: 'born_in>', type: 'author', q: (s) => `where was ${s} born`, lc: true },
  { path: 'birth_year>', type: 'author', q: (s) => `What year was ${s} born?` },
  { path: 'page_count>', type: 'book', q: (s) => `How many pages does ${s} have?` },
  { path: 'publication_year>', type: 'book', q: (s) => `When did ${s} first come out?` },
  { path: 'represented_by>', type: 'author', q: (s) => `Who is ${s}'s literary agent?` },
  { path: 'part_of_series<', type: 'series', q: (s) => `Which books make up ${s}?` },
  { path: 'translated_by>', type: 'book', q: (s) => `Who translated ${s}?` },
  { path: 'held_in>', type: 'festival', q: (s) => `In which city is the ${s} held?` },
  { path: 'imprint_of<', type: 'publisher', q: (s) => `what imprints does ${s} own`, lc: true },
  { path: 'won_award<', type: 'edition', q: (s) => `Which book picked up the ${s}?` },
  { path: 'subsidiary_of>', type: 'publisher', q: (s) => `Who is the parent company of ${s}?` },
  { path: 'appeared_at<', type: 'festival', q: (s) => `Which authors have appeared at ${s}?` },
  // 2-hop
  { path: 'written_by> born_in>', type: 'book', q: (s) => `Where was the author of ${s} born?` },
  { path: 'written_by> represented_by>', type: 'book', q: (s) => `Who is the agent of the writer of ${s}?` },
  { path: 'published_by> imprint_of>', type: 'book', q: (s) => `Which publishing house is behind ${s}?` },
  { path: 'won_award> edition_of>', type: 'book', q: (s) => `What prize did ${s} win?` },
  { path: 'won_award> ceremony_year>', type: 'book', q: (s) => `In what year did ${s} take home an award?` },
  { path: 'written_by< published_by>', type: 'author', q: (s) => `Which imprints have published books by ${s}?` },
  { path: 'written_by< genre>', type: 'author', q: (s) => `what genres does ${s} write`, lc: true },
  { path: 'born_in> located_in>', type: 'author', q: (s) => `In which country was ${s} born?` },
  { path: 'studied_at> located_in>', type: 'author', q: (s) => `In what city is the university ${s} attended?` },
  { path: 'edited_by> employed_by>', type: 'book', q: (s) => `Which imprint employs the editor of ${s}?` },
  { path: 'translated_by> born_in>', type: 'book', q: (s) => `Where was the translator of ${s} born?` },
  { path: 'part_of_series< written_by>', type: 'series', q: (s) => `Who wrote ${s}?` },
  { path: 'appeared_at> held_in>', type: 'author', q: (s) => `Which cities has ${s} visited for book festivals?` },
  { path: 'contributed_to> headquartered_in>', type: 'author', q: (s) => `Where are the magazines that ${s} writes for based?` },
  { path: 'shortlisted_for< written_by>', type: 'edition', q: (s) => `Whose books were shortlisted for the ${s}?` },
  { path: 'presented_at> held_in>', type: 'award', q: (s) => `in which city is the ${s} handed out`, lc: true },
  { path: 'imprint_of> subsidiary_of>', type: 'imprint', q: (s) => `Which conglomerate owns the ${s} imprint?` },
  { path: 'employed_by> imprint_of>', type: 'editor', q: (s) => `Which publisher does the editor ${s} work for?` },
  { path: 'represented_by> employed_by>', type: 'author', q: (s) => `Which literary agency is ${s} signed with?` },
  { path: 'won_award< written_by>', type: 'edition', q: (s) => `Who wrote the book that won the ${s}?` },
  { path: 'written_by< won_award>', type: 'author', q: (s) => `Which award editions have ${s}'s books won?` },
  { path: 'edited_by< written_by>', type: 'editor', q: (s) => `Which authors has ${s} edited?` },
  { path: 'represented_by< studied_at>', type: 'agent', q: (s) => `Where did the clients of agent ${s} study?` },
  { path: 'translated_by< written_by>', type: 'translator', q: (s) => `whose books has ${s} translated`, lc: true },
  { path: 'editor_in_chief> employed_by>', type: 'magazine', q: (s) => `Which imprint does the editor-in-chief of ${s} work at?` },
  // 3-hop
  { path: 'written_by> born_in> located_in>', type: 'book', q: (s) => `In which country was the author of ${s} born?` },
  { path: 'published_by> imprint_of> subsidiary_of>', type: 'book', q: (s) => `Which parent company owns the publisher of ${s}?` },
  { path: 'published_by> imprint_of> headquartered_in>', type: 'book', q: (s) => `Where is the publishing house that put out ${s} headquartered?` },
  { path: 'won_award< written_by> represented_by>', type: 'edition', q: (s) => `Who represents the author whose book won the ${s}?` },
  { path: 'written_by> represented_by> employed_by>', type: 'book', q: (s) => `which agency represents the author of ${s}`, lc: true },
  { path: 'won_award> edition_of> presented_at>', type: 'book', q: (s) => `At which festival is the prize won by ${s} presented?` },
  { path: 'written_by> studied_at> located_in>', type: 'book', q: (s) => `In which city did the author of ${s} go to university?` },
  { path: 'edited_by> employed_by> imprint_of>', type: 'book', q: (s) => `Which publisher employs the editor who worked on ${s}?` },
  { path: 'translated_by> born_in> located_in>', type: 'book', q: (s) => `What country does the translator of ${s} come from by birth?` },
  { path: 'shortlisted_for< written_by> nationality>', type: 'edition', q: (s) => `What nationalities are the authors shortlisted for the ${s}?` },
];
const QUOTA = { 1: 15, 2: 25, 3: 10 };
const hops = (p) => p.trim().split(/\s+/).length;

// small typo: swap two adjacent interior letters of the longest word of the start name
function typo(name) {
  const words = name.split(' ');
  let wi = 0; words.forEach((w, i) => { if (w.length > words[wi].length) wi = i; });
  const w = words[wi];
  if (w.length < 5) return name;
  let i = 1 + Math.floor(rnd() * (w.length - 3));
  for (let k = 0; k < w.length && w[i] === w[i + 1]; k++) i = 1 + ((i) % (w.length - 3));
  if (w[i] === w[i + 1]) return name;
  words[wi] = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  return words.join(' ');
}

const usedStarts = new Set();
const qs = [];
for (const h of [1, 2, 3]) {
  const group = T.filter((t) => hops(t.path) === h);
  let n = 0;
  for (let round = 0; n < QUOTA[h]; round++) {
    for (const t of group) {
      if (n >= QUOTA[h]) break;
      const cands = shuffle(ofType(t.type).sort());
      let chosen = null;
      for (const s of cands) {
        if (usedStarts.has(s)) continue;
        const g = walk(s, t.path);
        if (g.length >= 1 && g.length <= 8 && !g.includes(s)) { chosen = [s, g]; break; }
      }
      if (!chosen) throw new Error('no start for ' + t.path);
      usedStarts.add(chosen[0]);
      qs.push({ t, s: chosen[0], gold: chosen[1], path: t.path, hop: h });
      n++;
    }
  }
}
// 3 typo'd questions (one per hop group), spread deterministically
const typoIdx = new Set([7, 24, 44]);
qs.forEach((q, i) => {
  let name = q.s;
  if (typoIdx.has(i)) { const tn = typo(name); if (tn !== name) { name = tn; q.typo = true; } }
  let text = q.t.q(name);
  if (q.t.lc) text = text.toLowerCase().replace(/\?$/, '');
  q.text = text;
});

// ---------- write ----------
writeFileSync(join(HERE, 'kb.txt'), triples.map((x) => x.join('|')).join('\n') + '\n');
writeFileSync(join(HERE, 'questions.tsv'), qs.map((q) => `${q.text}\t${q.gold.join('|')}`).join('\n') + '\n');
writeFileSync(join(HERE, 'paths.tsv'), qs.map((q) => `${q.text}\t${q.path}`).join('\n') + '\n');

// ---------- self-checks ----------
const ents = new Set(); triples.forEach(([h, , t]) => { ents.add(h); ents.add(t); });
for (const [h, r, t] of triples) if (!h || !r || !t || h.includes('|') || t.includes('|') || h.includes('\t') || t.includes('\t')) throw new Error('bad triple');
for (const q of qs) for (const g of q.gold) if (!ents.has(g)) throw new Error('gold missing ' + g);
if (new Set(qs.map((q) => q.text)).size !== qs.length) throw new Error('duplicate question text');
const rels = new Set(triples.map((x) => x[1]));
const hc = { 1: 0, 2: 0, 3: 0 }; qs.forEach((q) => hc[q.hop]++);
console.log(`triples=${triples.length} relations=${rels.size} entities=${ents.size} questions=${qs.length} hops=${JSON.stringify(hc)} typos=${qs.filter((q) => q.typo).length}`);
