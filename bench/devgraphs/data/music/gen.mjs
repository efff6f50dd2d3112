// Deterministic generator for a synthetic music / entertainment knowledge graph
// plus 50 natural-language questions whose gold answers are computed by walking
// relation paths over the generated triples.
// Usage: node gen.mjs   (writes kb.txt, questions.tsv, paths.tsv next to this file)
import fs from 'fs';
import path from 'path';
import { fileURLToPath } from 'url';
import { seededRandom } from '../seededRandom.mjs';

const OUT = path.dirname(fileURLToPath(import.meta.url));

// ---------- PRNG (mulberry32, fixed seed: ../seededRandom.mjs) ----------
const { rnd, ri, pick, chance, shuffle, sample } = seededRandom(0x5EED1977);
const weighted = (pairs) => { // [[value, weight], ...]
  const tot = pairs.reduce((s, p) => s + p[1], 0);
  let x = rnd() * tot;
  for (const [v, w] of pairs) { if ((x -= w) < 0) return v; }
  return pairs[pairs.length - 1][0];
};

// ---------------------------------------------------------------- triples
const triples = [];
const seen = new Set();
function add(h, r, t) {
  t = String(t);
  if (!h || !r || !t) throw new Error(`empty field: ${h}|${r}|${t}`);
  if ([h, r, t].some((x) => x.includes('|'))) throw new Error('pipe in name');
  const k = `${h}|${r}|${t}`;
  if (seen.has(k)) return;
  seen.add(k); triples.push([h, r, t]);
}
const used = new Set(); // global entity-name registry (keeps names unique across types)
function fresh(gen) {
  for (let i = 0; i < 500; i++) { const n = gen(); if (!used.has(n)) { used.add(n); return n; } }
  throw new Error('name space exhausted');
}
const reg = (n) => { used.add(n); return n; };

// ---------------------------------------------------------------- places
const GEO = {
  'United Kingdom': ['Manchester', 'Glasgow', 'Bristol', 'Leeds', 'London'],
  'Ireland': ['Dublin', 'Cork'],
  'United States': ['Austin', 'Portland', 'Nashville', 'Chicago', 'Seattle'],
  'Canada': ['Montreal', 'Toronto', 'Halifax'],
  'Australia': ['Melbourne', 'Brisbane'],
  'Germany': ['Berlin', 'Hamburg', 'Cologne'],
  'Sweden': ['Gothenburg', 'Stockholm'],
  'Norway': ['Bergen', 'Oslo'],
  'Netherlands': ['Utrecht', 'Rotterdam'],
  'France': ['Lyon', 'Paris'],
  'Iceland': ['Reykjavik'],
  'New Zealand': ['Wellington'],
};
const countries = Object.keys(GEO).map(reg);
const cityCountry = {};
const cities = [];
for (const c of countries) for (const city of GEO[c]) { reg(city); cities.push(city); cityCountry[city] = c; add(city, 'in_country', c); }

const VENUES = ['Harbour Hall', 'The Lantern Rooms', 'Old Mill Ballroom', 'The Electric Orchard', 'Kestrel Theatre',
  'The Tin Chapel', 'Salt Quay Arena', 'The Blue Heron Club', 'Riverside Pavilion', 'The Foundry Stage',
  'Marlowe Hall', 'The Glasshouse', 'Canal Street Social', 'The Copper Kettle', 'North Pier Ballroom',
  'The Lamplight', 'Ferrybridge Chapel', 'The Signal Box', 'Larchmont Theatre', 'Grain Store Arena',
  'The Owl & Anchor', "Saint Brigid's Hall", 'The Coal Shed', 'Linden Opera House', 'The Vesper Lounge',
  'Eastgate Amphitheatre', 'The Paper Mill', 'Oyster Bay Hall', 'The Rookery', 'Thistle Court',
  'Aurora Music Hall', 'The Jetty', 'Wexley Concert Hall', 'The Station Bar', 'Halden Arena',
  'The Greenhouse', 'Bellweather Theatre', 'Fjordline Hall', 'The Velvet Room', 'Sundown Pavilion'].map(reg);
const STUDIOS = ['Greywater Studios', 'Kiln Room Studios', 'Foxglove Sound', 'Tern Island Studios', 'Blue Cellar Studio',
  'Northgate Recording Co.', 'Hinterland Studios', 'Old Dairy Studios', 'Marram Studios', 'Lodestar Sound'].map(reg);
const LABELS = ['Driftwood Records', 'Paper Moon Recordings', 'Northlight Music', 'Saltmarsh Records', 'Kestrel Sound',
  'Halcyon Audio', 'Lantern Recordings', 'Grey Gull Records', 'Bright Orbit Records', 'Fernhill Music',
  'Low Tide Records', 'Coppergate Records', 'Tallship Recordings', 'Moth & Moon', 'Blue Cellar Records',
  'Wickerwork Records', 'Orchard Lane Music', 'Signalhouse', 'Farrow & Vane Records', 'Starling Records'].map(reg);
const FESTIVALS = ['Lowland Sound Festival', 'Brightwater Fest', 'Northern Lights Weekender', 'Saltwater Sessions',
  'Fjordfest', 'Greenfield Gathering', 'Harbour Nights Festival', 'Tidal Drift Festival', 'Pine Ridge Music Festival',
  'Ember Valley Festival', 'Coastline Weekender', 'Midsummer Drone Festival'].map(reg);
const SCHOOLS = ['Halden School of Music', 'Westbrook Conservatory', 'Lindqvist Academy of Music', 'St. Aldric College',
  'Marlow Institute of Performing Arts', 'Kestrel University', 'Brennan Conservatory', 'Fairhaven College of Music',
  'Osterby Music Academy', 'Calder Arts Institute'].map(reg);
const GENRES = ['indie rock', 'shoegaze', 'synth-pop', 'post-punk', 'folk', 'dream pop', 'jazz fusion', 'alt-country',
  'trip hop', 'garage rock', 'darkwave', 'Americana', 'neo-soul', 'math rock', 'electronica', 'chamber pop'].map(reg);
const INSTRUMENTS = [['guitar', 30], ['bass guitar', 16], ['drums', 16], ['keyboards', 12], ['vocals', 10],
  ['synthesizer', 6], ['violin', 4], ['saxophone', 3], ['trumpet', 2], ['cello', 3], ['percussion', 3], ['banjo', 2]];
INSTRUMENTS.forEach(([i]) => reg(i));

for (const v of VENUES) add(v, 'located_in', pick(cities));
for (const s of STUDIOS) add(s, 'located_in', pick(cities));
for (const l of LABELS) add(l, 'headquartered_in', pick(cities));
for (const f of FESTIVALS) add(f, 'held_in', pick(cities));

// ---------------------------------------------------------------- people
const FIRST = ['Saskia', 'Tomas', 'Elin', 'Marcus', 'Ines', 'Rafferty', 'Maren', 'Oskar', 'Juno', 'Callum', 'Freya',
  'Declan', 'Imogen', 'Leif', 'Noor', 'Ansel', 'Priya', 'Mateo', 'Signe', 'Rowan', 'Cormac', 'Astrid', 'Henrik',
  'Talia', 'Ezra', 'Niamh', 'Bram', 'Odile', 'Silas', 'Yara', 'Felix', 'Hallie', 'Jonas', 'Carys', 'Theo', 'Mirela',
  'Ruben', 'Ada', 'Lorcan', 'Wren', 'Dashiell', 'Greta', 'Ilya', 'Sunniva', 'Otis', 'Beatrix', 'Kasper', 'Lena',
  'Emeric', 'Roisin', 'Anouk', 'Stellan', 'Margot', 'Caspian', 'Ingrid', 'Fenna', 'Jasper', 'Delphine', 'Arlo',
  'Liesel', 'Tobiah', 'Zadie', 'Casimir', 'Elodie', 'Hamish', 'Solveig', 'Milo', 'Clementine', 'Aurelio', 'Brigid',
  'Evander', 'Thea', 'Joaquin', 'Vesna', 'Ronan', 'Isolde'];
const LAST = ['Brandt', 'Halloran', 'Lindqvist', 'Okafor', 'Marchetti', 'Vance', 'Achterberg', 'Rook', 'Calloway',
  'Fennimore', 'Strand', 'Duquesne', 'Harrow', 'Adeyemi', 'Kowalczyk', 'Ferreira', 'Thorsen', 'Blackwood', 'Quill',
  'Ashby', 'Oyelaran', 'Whitlock', 'Castellane', 'Moreau', 'Hendricks', 'Solberg', 'Varga', 'Kinsella', 'Devereaux',
  'Maddox', 'Nyström', 'Abernethy', 'Hartigan', 'Van der Berg', 'Esposito', 'Lachance', 'Tamura', 'Okonkwo',
  'Delacroix', 'Farrow', 'Holm', 'Ridley', 'Sorensen', 'Kavanagh', 'Winther', 'Petrakis', 'Lowry', 'Dunmore',
  'Ekdahl', 'Fairweather', 'Greaves', 'Haldane', 'Iversen', 'Jessop', 'Kearney', 'Merriweather', 'Novak',
  'Ostrander', 'Pellegrini', 'Rasmussen', 'Sandoval', 'Tremblay', 'Voss', 'Wexley', 'Yardley', 'Zeller',
  'Arkwright', 'Corrigan', 'Dahlberg', 'Elsworth', 'Fonteyne', 'Grieve', 'Hollis', 'Jankowski', 'Kessler',
  'Mortensen', 'Navarro', "O'Dwyer", 'Prentice', 'Rourke', 'Sinclair', 'Tolliver', 'Underhill', 'Valente'];
// Surnames deliberately drawn from a smaller pool for a few families so that some people share a surname.
const people = [];
while (people.length < 200) people.push(fresh(() => `${pick(FIRST)} ${chance(0.12) ? pick(['Brandt', 'Lindqvist', 'Okafor', 'Rook']) : pick(LAST)}`));
const musicians = people.slice(0, 185);
const managers = people.slice(185, 195);
const producers = [...people.slice(195, 200), ...sample(musicians, 15)];
const cityPool = cities.map((c, i) => [c, i < 12 ? 3 : 2]);
for (const p of people) {
  const bc = weighted(cityPool);
  add(p, 'born_in', bc);
  add(p, 'nationality', chance(0.85) ? cityCountry[bc] : pick(countries));
  if (chance(0.45)) add(p, 'studied_at', pick(SCHOOLS));
}
for (const m of musicians) {
  const n = chance(0.35) ? 2 : 1;
  const got = new Set();
  while (got.size < n) got.add(weighted(INSTRUMENTS));
  for (const i of got) add(m, 'instrument', i);
}
for (const p of people.slice(195, 200)) add(p, 'instrument', pick(['keyboards', 'synthesizer', 'guitar']));
// spouses: a matching, stored one direction only
const spouseCands = shuffle(people);
for (let i = 0; i < 32; i += 2) add(spouseCands[i], 'spouse', spouseCands[i + 1]);

// ---------------------------------------------------------------- bands
const BADJ = ['Velvet', 'Hollow', 'Paper', 'Quiet', 'Amber', 'Crimson', 'Lunar', 'Wandering', 'Distant', 'Saffron',
  'Cobalt', 'Marble', 'Ivory', 'Restless', 'Gentle', 'Winter', 'Northern', 'Faded', 'Copper', 'Tangled', 'Sleepless',
  'Borrowed', 'Painted', 'Drowsy', 'Brittle', 'Careless', 'Midnight', 'Coastal', 'Tender', 'Glass'];
const BPL = ['Harbours', 'Lanterns', 'Tides', 'Orchards', 'Satellites', 'Cartographers', 'Lighthouses', 'Moths',
  'Herons', 'Swallows', 'Engines', 'Meridians', 'Dunes', 'Fjords', 'Kites', 'Anchors', 'Mariners', 'Parades',
  'Signals', 'Ferries', 'Comets', 'Pilgrims', 'Sparrows', 'Tramlines', 'Chandeliers', 'Postcards', 'Weathervanes',
  'Telegrams', 'Lamplighters', 'Hummingbirds'];
const BSG = ['Meridian', 'Atlas', 'Monsoon', 'Parlour', 'Cinema', 'Aviary', 'Cathedral', 'Lagoon', 'Observatory',
  'Orchard', 'Harbour', 'Tide', 'Lantern', 'Fever', 'Bureau', 'Riviera'];
const bands = [];
while (bands.length < 110) {
  bands.push(fresh(() => weighted([
    [`The ${pick(BADJ)} ${pick(BPL)}`, 45],
    [`${pick(BADJ)} ${pick(BSG)}`, 25],
    [`${pick(BADJ)} ${pick(BPL)}`, 18],
    [`${pick(FIRST)} & the ${pick(BPL)}`, 12],
  ])));
}
const bandInfo = {};
const freeMusicians = shuffle(musicians);
const bandLabels = {};
for (const b of bands) {
  const info = (bandInfo[b] = { members: [], formed: ri(1966, 2016) });
  add(b, 'hometown', weighted(cityPool));
  add(b, 'formed_year', info.formed);
  const ng = chance(0.55) ? 1 : 2;
  for (const g of sample(GENRES, ng)) add(b, 'genre', g);
  const lab = pick(LABELS); bandLabels[b] = [lab]; add(b, 'signed_with', lab);
  if (chance(0.15)) { const l2 = pick(LABELS); if (l2 !== lab) { bandLabels[b].push(l2); add(b, 'signed_with', l2); } }
  const k = weighted([[1, 25], [2, 50], [3, 25]]);
  while (info.members.length < k) {
    const m = freeMusicians.length ? freeMusicians.pop() : pick(musicians);
    if (!info.members.includes(m)) info.members.push(m);
  }
  if (k === 1 && chance(0.6)) info.members.push(pick(musicians.filter((m) => !info.members.includes(m))));
  for (const m of info.members) add(m, 'member_of', b);
  info.lead = pick(info.members);
  add(b, 'lead_singer', info.lead); add(info.lead, 'instrument', 'vocals');
  if (chance(0.65)) add(b, 'managed_by', pick(managers));
  for (const v of sample(VENUES, ri(1, 4))) add(b, 'performed_at', v);
  if (chance(0.35)) for (const f of sample(FESTIVALS, chance(0.2) ? 2 : 1)) add(b, 'headlined', f);
}
const tourPairs = new Set();
while (tourPairs.size < 90) {
  const a = pick(bands), b = pick(bands);
  if (a === b || tourPairs.has(`${b}\t${a}`)) continue;
  tourPairs.add(`${a}\t${b}`);
}
for (const p of tourPairs) { const [a, b] = p.split('\t'); add(a, 'toured_with', b); }
let infl = 0;
while (infl < 75) {
  const a = pick(bands), b = pick(bands);
  if (a === b || bandInfo[b].formed >= bandInfo[a].formed) continue;
  const before = triples.length; add(a, 'influenced_by', b); if (triples.length > before) infl++;
}

// ---------------------------------------------------------------- albums & songs
const TA = ['Glass', 'Paper', 'Silver', 'Salt', 'Northern', 'Slow', 'Borrowed', 'Hollow', 'Winter', 'Ember', 'Static',
  'Golden', 'Neon', 'Quiet', 'Low', 'Open', 'Cold', 'Bright', 'Distant', 'Secret', 'Empty', 'Burning', 'Falling',
  'Second', 'Last', 'Sleeping', 'Wild', 'Broken', 'Amber', 'Pale'];
const TB = ['Tide', 'Hours', 'Light', 'Lungs', 'Rooms', 'Season', 'River', 'Signal', 'Summer', 'Weather', 'Heart',
  'Harbour', 'Machine', 'Garden', 'Coast', 'Fever', 'Kingdom', 'Horizon', 'Letters', 'Mirrors', 'Skies', 'Water',
  'Ghost', 'Alphabet', 'Country', 'Wires', 'Streets', 'Bridges', 'Morning', 'Arithmetic'];
const VERBS = ['Follow', 'Burn', 'Cross', 'Hold', 'Leave', 'Wake', 'Chase', 'Mind', 'Keep', 'Drown'];
const PHRASES = ['Nowhere Near', 'Keep the Lights On', 'Hold Your Fire', 'Call It Morning', 'All the Small Hours',
  'Say It Twice', 'Drive Me Home', 'Not Tonight, Marguerite', 'Paper Planes Over Leeds', 'Half a Year in Bergen',
  'If the Ferry Runs', 'Dial Tone Lullaby'];
const albumTitle = () => weighted([[`${pick(TA)} ${pick(TB)}`, 70], [`${pick(TB)} & ${pick(TB)}`, 15], [`The ${pick(['Summer', 'Harbour', 'River', 'Coast', 'Garden', 'Morning', 'Kingdom', 'Fever', 'Weather'])} Years`, 15]]);
const songTitle = () => weighted([
  [`${pick(TA)} ${pick(TB)}`, 50], [`${pick(VERBS)} the ${pick(['River', 'Lights', 'Weather', 'Letters', 'Coast', 'Bridges', 'Horizon', 'Morning', 'Ghost', 'Signal'])}`, 20], [`${pick(['Kingdom', 'Garden', 'Season', 'Streets', 'Letters', 'Ghost', 'Alphabet'])} of ${pick(['Wires', 'Salt', 'Glass', 'Ashes', 'Rain', 'Sparrows', 'Small Things', 'Winter'])}`, 12],
  [`Song for ${pick(FIRST)}`, 6], [`Last Train to ${pick(cities)}`, 4], [pick(PHRASES), 8]]);

const N_ALBUMS = 65;
const albumBands = [];
const recBands = sample(bands, 46);
for (let i = 0; i < N_ALBUMS; i++) albumBands.push(i < recBands.length ? recBands[i] : pick(recBands));
const formats = shuffle([...Array(10).fill('live album'), ...Array(8).fill('EP'), ...Array(4).fill('compilation'),
  ...Array(N_ALBUMS - 22).fill('studio album')]);
const GLASS = 'Glass Tide';
const albums = [];
const albumInfo = {};
for (let i = 0; i < N_ALBUMS; i++) {
  const b = albumBands[i];
  let fmt = i === 0 ? 'studio album' : formats[i];
  if (i === 0 && formats[0] !== 'studio album') { const j = formats.indexOf('studio album', 1); formats[j] = formats[0]; }
  let venue = null;
  if (fmt === 'live album') venue = pick(VENUES);
  let title;
  if (i === 0) title = reg(GLASS);
  else if (fmt === 'live album' && chance(0.5)) title = fresh(() => (chance(0.5) ? `Live at ${venue}` : `Live in ${pick(cities)}`));
  else title = fresh(albumTitle);
  albums.push(title);
  const year = ri(Math.max(bandInfo[b].formed, 1968), Math.min(bandInfo[b].formed + 22, 2023));
  albumInfo[title] = { band: b, fmt, year, songs: [] };
  add(b, 'recorded', title);
  add(title, 'release_year', year);
  add(title, 'format', fmt);
  add(title, 'released_by', chance(0.85) ? pick(bandLabels[b]) : pick(LABELS));
  if (venue) { add(title, 'recorded_at', venue); add(b, 'performed_at', venue); }
  else add(title, 'recorded_at', chance(0.85) ? pick(STUDIOS) : pick(VENUES));
  const prods = sample(producers, chance(0.7) ? 1 : 2);
  albumInfo[title].producers = prods;
  for (const p of prods) add(p, 'produced', title);
}

const N_SONGS = 95;
const songs = [];
const glassHost = albums.find((a, i) => i > 0 && albumInfo[a].band !== albumInfo[GLASS].band && albumInfo[a].fmt === 'studio album');
const songAlbum = {};
for (let i = 0; i < N_SONGS; i++) {
  let alb = i < N_ALBUMS ? albums[i] : pick(albums);
  let title;
  if (i === 0) { title = GLASS; alb = glassHost; } // song title identical to an album title (same node name)
  else if (i === 1) { alb = GLASS; title = fresh(songTitle); }
  else title = fresh(songTitle);
  songs.push(title);
  songAlbum[title] = alb;
  albumInfo[alb].songs.push(title);
  add(title, 'track_on', alb);
  const band = albumInfo[alb].band;
  const mem = bandInfo[band].members;
  const writers = chance(0.9) ? sample(mem, Math.min(mem.length, chance(0.6) ? 1 : 2)) : [pick(musicians)];
  for (const w of writers) add(title, 'written_by', w);
  add(title, 'composed_by', chance(0.85) ? pick(mem) : pick(musicians));
  if (chance(0.45)) add(title, 'producer', chance(0.75) ? pick(albumInfo[alb].producers) : pick(producers));
  const secs = ri(150, 420);
  add(title, 'duration', `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`);
  if (chance(0.5)) add(title, 'chart_position', ri(1, 100));
}
// compilations also carry earlier songs of the same band
for (const a of albums) {
  if (albumInfo[a].fmt !== 'compilation') continue;
  const b = albumInfo[a].band;
  const older = songs.filter((s) => albumInfo[songAlbum[s]].band === b && songAlbum[s] !== a);
  for (const s of sample(older, 3)) add(s, 'track_on', a);
}
let cov = 0;
while (cov < 40) {
  const b = pick(bands), s = pick(songs);
  if (albumInfo[songAlbum[s]].band === b) continue;
  const before = triples.length; add(b, 'covered', s); if (triples.length > before) cov++;
}

// ---------------------------------------------------------------- graph index & path walking
const OUTI = new Map(), INI = new Map();
const push = (m, a, r, b) => { if (!m.has(a)) m.set(a, new Map()); const mm = m.get(a); if (!mm.has(r)) mm.set(r, new Set()); mm.get(r).add(b); };
for (const [h, r, t] of triples) { push(OUTI, h, r, t); push(INI, t, r, h); }
const nbr = (n, r, dir) => [...(((dir === '>' ? OUTI : INI).get(n) || new Map()).get(r) || [])];
function walk(anchor, pathStr) {
  let cur = new Set([anchor]);
  for (const tok of pathStr.trim().split(/\s+/)) {
    const dir = tok.slice(-1), rel = tok.slice(0, -1);
    const next = new Set();
    for (const n of cur) for (const x of nbr(n, rel, dir)) next.add(x);
    cur = next;
  }
  return cur;
}

// ---------------------------------------------------------------- questions
const poss = (a) => (a.endsWith('s') ? `${a}'` : `${a}'s`);
const notGlass = (arr) => arr.filter((x) => x !== GLASS);
const liveAlbums = albums.filter((a) => albumInfo[a].fmt === 'live album');
const POOLS = {
  album: notGlass(albums), song: notGlass(songs), band: bands, person: people, producer: producers,
  venue: VENUES, studio: STUDIOS, city: cities, label: LABELS, live: liveAlbums,
};
const Q = [
  // ---- one relation (18)
  { p: 'produced<', pool: 'album', t: (a) => `Who produced the album ${a}?` },
  { p: 'produced>', pool: 'producer', min: 2, t: (a) => `What records has ${a} produced over the years?` },
  { p: 'member_of>', pool: 'person', min: 2, t: (a) => `Which bands was ${a} a member of?` },
  { p: 'member_of<', pool: 'band', filter: ['instrument', 'guitar'], label: 'member_of< & instrument>guitar', t: (a) => `Who plays guitar in ${a}?` },
  { p: 'release_year>', pool: 'album', t: (a) => `What year did ${a} come out?` },
  { p: 'released_by>', pool: 'album', t: (a) => `Which lable put out ${a}?` }, // typo: lable
  { p: 'lead_singer>', pool: 'band', t: (a) => `Who's the lead singer of ${a}?`, lower: true },
  { p: 'located_in>', pool: 'venue', t: (a) => `Which city is ${a} in?` },
  { p: 'genre>', pool: 'band', t: (a) => `What genre would you file ${a} under?` },
  { p: 'written_by>', pool: 'song', t: (a) => `Who wrote ${a}?` },
  { p: 'covered<', pool: 'song', t: (a) => `Which acts have done a cover of ${a}?` },
  { p: 'spouse>', pool: 'person', t: (a) => `Who is ${a} married to?` },
  { p: 'signed_with<', pool: 'label', t: (a) => `Which artists are signed to ${a}?` },
  { p: 'headlined>', pool: 'band', t: (a) => `Which festivals have ${a} headlined?`, lower: true },
  { p: 'producer>', pool: 'song', t: (a) => `Who produced the single ${a}?` },
  { p: 'composed_by>', pool: 'song', t: (a) => `Who composed the music for ${a}?` },
  { p: 'chart_position>', pool: 'song', t: (a) => `Where did ${a} peak in the charts?` },
  { p: 'influenced_by<', pool: 'band', t: (a) => `Which bands cite ${a} as an influence?` },
  // ---- two relations (22)
  { p: 'lead_singer> born_in>', pool: 'band', t: (a) => `Where was the lead singer of ${a} born?` },
  { p: 'track_on> released_by>', pool: 'song', force: GLASS, t: (a) => `Which label released the album that contains the song ${a}?` },
  { p: 'member_of< instrument>', pool: 'band', t: (a) => `What instruments do the members of ${a} play between them?` },
  { p: 'located_in> in_country>', pool: 'venue', t: (a) => `What country is ${a} in?`, lower: true },
  { p: 'track_on> release_year>', pool: 'song', t: (a) => `In what year was the album featuring ${a} released?` },
  { p: 'track_on> produced<', pool: 'song', t: (a) => `Who produced the record that ${a} appears on?` },
  { p: 'born_in< member_of>', pool: 'city', t: (a) => `Which bands have a member who was born in ${a}?` },
  { p: 'signed_with< genre>', pool: 'label', t: (a) => `What genres do the bands on the ${a} roster play?` },
  { p: 'performed_at> located_in>', pool: 'band', t: (a) => `In which cities are the venues ${a} have played at?` },
  { p: 'spouse> member_of>', pool: 'person', t: (a) => `What band does ${poss(a)} spouse play in?` },
  { p: 'recorded< lead_singer>', pool: 'album', t: (a) => `Who fronted the band that recorded ${a}?` },
  { p: 'held_in< headlined<', pool: 'city', t: (a) => `Which acts have headlined festivals held in ${a}?` },
  { p: 'released_by> headquartered_in>', pool: 'album', t: (a) => `Where is the label that released ${a} based?` },
  { p: 'managed_by> nationality>', pool: 'band', t: (a) => `What nationality is the manager of ${a}?` },
  { p: 'written_by< track_on>', pool: 'person', t: (a) => `On which albums can you find songs written by ${a}?` },
  { p: 'track_on< covered<', pool: 'album', t: (a) => `Which artists covered songs from ${a}?` },
  { p: 'track_on< written_by>', pool: 'album', t: (a) => `Who wrote the sogns on ${a}?` }, // typo: sogns
  { p: 'member_of< studied_at>', pool: 'band', t: (a) => `Where did the members of ${a} go to school?` },
  { p: 'recorded_at< recorded<', pool: 'studio', t: (a) => `Which bands have made albums at ${a}?` },
  { p: 'hometown< signed_with>', pool: 'city', t: (a) => `Which labels are the bands from ${a} signed to?`, lower: true },
  { p: 'recorded< formed_year>', pool: 'album', t: (a) => `When was the band behind ${a} formed?` },
  { p: 'member_of< nationality>', pool: 'band', t: (a) => `What nationalities are represented among the members of ${a}?` },
  // ---- three relations (10)
  { p: 'recorded_at> located_in> in_country>', pool: 'live', t: (a) => `In which country is the venue where the live album ${a} was recorded?` },
  { p: 'recorded< lead_singer> born_in>', pool: 'album', t: (a) => `Where was the lead singer of the band that made ${a} born?` },
  { p: 'track_on> released_by> headquartered_in>', pool: 'song', t: (a) => `In which city is the label that released the album with ${a} on it headquartered?` },
  { p: 'track_on> produced< nationality>', pool: 'song', t: (a) => `What nationality is the producer of the album that ${a} is on?` },
  { p: 'recorded< member_of< born_in>', pool: 'album', t: (a) => `Where were the members of the band that recorded ${a} born?`, lower: true },
  { p: 'held_in< headlined< genre>', pool: 'city', t: (a) => `What genres do the acts that headlined festivals in ${a} play?` },
  { p: 'performed_at> located_in> in_country>', pool: 'band', t: (a) => `In which countries are the venues where ${a} have performed?` },
  { p: 'lead_singer> spouse> instrument>', pool: 'band', t: (a) => `What instrument does the spouse of ${poss(a)} lead singer play?` },
  { p: 'recorded> produced< born_in>', pool: 'band', t: (a) => `Where were the producers of ${poss(a)} albums born?` },
  { p: 'covered> track_on> release_year>', pool: 'band', t: (a) => `In what years were the albums containing the songs ${a} covered released?` },
];

function gold(spec, a) {
  let g = walk(a, spec.p);
  if (spec.filter) { const [r, v] = spec.filter; g = new Set([...g].filter((x) => nbr(x, r, '>').includes(v))); }
  return g;
}
const usedAnchors = new Set();
const qLines = [], pLines = [];
const hops = {};
for (const spec of Q) {
  const cands = spec.force ? [spec.force] : shuffle(POOLS[spec.pool]);
  let anchor = null, g = null;
  for (const c of cands) {
    if (usedAnchors.has(c)) continue;
    const gg = gold(spec, c);
    if (gg.size >= (spec.min || 1) && gg.size <= 10 && !gg.has(c)) { anchor = c; g = gg; break; }
  }
  if (!anchor) throw new Error(`no anchor for ${spec.p}`);
  usedAnchors.add(anchor);
  let q = spec.t(anchor);
  if (spec.lower) q = q.toLowerCase();
  const answers = [...g].sort();
  qLines.push(`${q}\t${answers.join('|')}`);
  pLines.push(`${q}\t${spec.label || spec.p}`);
  const h = spec.p.trim().split(/\s+/).length; hops[h] = (hops[h] || 0) + 1;
}

fs.writeFileSync(path.join(OUT, 'kb.txt'), triples.map((t) => t.join('|')).join('\n') + '\n');
fs.writeFileSync(path.join(OUT, 'questions.tsv'), qLines.join('\n') + '\n');
fs.writeFileSync(path.join(OUT, 'paths.tsv'), pLines.join('\n') + '\n');
const rels = new Set(triples.map((t) => t[1]));
const ents = new Set(triples.flatMap((t) => [t[0], t[2]]));
console.log(`triples=${triples.length} relations=${rels.size} entities=${ents.size} questions=${qLines.length} hops=${JSON.stringify(hops)}`);
