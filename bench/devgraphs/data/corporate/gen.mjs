// Deterministic generator for a synthetic corporate knowledge graph + questions.
// Usage: node gen.mjs   -> writes kb.txt, questions.tsv, paths.tsv next to this file.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../seededRandom.mjs';

const OUT = dirname(fileURLToPath(import.meta.url));

// ---------- PRNG (mulberry32, fixed seed: ../seededRandom.mjs) ----------
const { rnd, ri, pick, chance, shuffle, sample } = seededRandom(0x5eed2024);

// ---------- Places ----------
const REGIONS = {
  'Western Europe': ['Germany', 'France', 'Netherlands'],
  'Northern Europe': ['Sweden', 'Norway'],
  'Southern Europe': ['Spain', 'Italy'],
  'North America': ['United States', 'Canada'],
  'East Asia': ['Japan', 'South Korea'],
  'South Asia': ['India'],
  'South America': ['Brazil', 'Chile'],
  'Oceania': ['Australia'],
};
const CITIES = {
  Germany: ['Munich', 'Hamburg', 'Stuttgart', 'Frankfurt'],
  France: ['Lyon', 'Toulouse', 'Paris'],
  Netherlands: ['Rotterdam', 'Eindhoven', 'Utrecht'],
  Sweden: ['Gothenburg', 'Malmo', 'Stockholm'],
  Norway: ['Bergen', 'Oslo'],
  'United States': ['Boston', 'Austin', 'Seattle', 'Chicago', 'Denver'],
  Canada: ['Toronto', 'Calgary', 'Montreal'],
  Japan: ['Osaka', 'Nagoya', 'Yokohama'],
  'South Korea': ['Busan', 'Seoul'],
  India: ['Bangalore', 'Pune'],
  Brazil: ['Sao Paulo', 'Curitiba'],
  Chile: ['Santiago', 'Valparaiso'],
  Spain: ['Barcelona', 'Valencia', 'Bilbao'],
  Italy: ['Milan', 'Turin'],
  Australia: ['Melbourne', 'Perth', 'Brisbane'],
};
const COUNTRIES = Object.keys(CITIES);
const ALL_CITIES = COUNTRIES.flatMap((c) => CITIES[c]);
const cityCountry = {};
for (const c of COUNTRIES) for (const city of CITIES[c]) cityCountry[city] = c;

// ---------- Fixed organisations ----------
const UNIVERSITIES = [
  'Halden Institute of Technology', 'University of Carrowmere', 'Brightmoor University',
  'St. Aldric College', 'Veridian School of Business', 'Eastlake Polytechnic',
  'Marchetti University', 'Kobashi Institute of Science', 'Northgate University',
  'Royal Ellsworth College', 'Pacifica Institute of Management', 'Sundqvist University',
  'Instituto Valderrama', 'Tanaka-Hirsch University', 'Westmarch School of Economics',
];
const LAW_FIRMS = [
  'Whitcombe & Slade LLP', 'Baranova Pierce', 'Holloway Grant & Associates', 'Ferrante Lusk LLP',
  'Okonkwo Reyes Partners', 'Thistlewood Crane', 'Delacroix Hammond', 'Vance & Osterberg',
];
const AUDITORS = [
  'Castlegate Assurance', 'Moorfield Audit Group', 'Pemberton Kline & Co',
  'Ardley Vos Accountants', 'Sterling Marsh Audit', 'Quantrell Associates',
];
const EXCHANGES = {
  'Atlantic Securities Exchange': 'Chicago', 'Rhine Stock Exchange': 'Frankfurt',
  'Pacific Capital Exchange': 'Osaka', 'Nordic Equity Market': 'Stockholm',
  'Austral Securities Exchange': 'Melbourne', 'Andean Bourse': 'Santiago',
};

// ---------- Companies ----------
const SUFFIX_INDUSTRY = {
  Pharma: 'Pharmaceuticals', Therapeutics: 'Pharmaceuticals', Semiconductors: 'Semiconductors',
  Microsystems: 'Semiconductors', Logistics: 'Logistics', Freight: 'Logistics', Energy: 'Renewable Energy',
  Power: 'Renewable Energy', Aerospace: 'Aerospace', Electronics: 'Consumer Electronics',
  Capital: 'Financial Services', Financial: 'Financial Services', Foods: 'Food Processing',
  Biotech: 'Biotechnology', Motors: 'Automotive', Machinery: 'Industrial Machinery',
  Industries: 'Industrial Machinery', Software: 'Software', Analytics: 'Software', Systems: 'Software',
  Networks: 'Telecommunications', Telecom: 'Telecommunications', Mining: 'Mining', Resources: 'Mining',
  Textiles: 'Textiles', Medical: 'Medical Devices', Holdings: 'Conglomerate', Group: 'Conglomerate',
  Dynamics: 'Aerospace',
};
const SUFFIXES = Object.keys(SUFFIX_INDUSTRY);
const INDUSTRIES = [...new Set(Object.values(SUFFIX_INDUSTRY))];

const HAND_PREFIXES = [
  'Brightwater', 'Ironbridge', 'Silverpeak', 'Redfern', 'Oakhollow', 'Stonebrook', 'Larkspur',
  'Bluecrest', 'Ashcombe', 'Blackmoor', 'Copperline', 'Crestview', 'Eastgate', 'Fairhaven', 'Foxglove',
  'Glenmark', 'Granite Ridge', 'Greystone', 'Hollowell', 'Kingsbury', 'Lakeshore', 'Marlowe', 'Millbrook',
  'Newhall', 'Pinecrest', 'Ravenscroft', 'Riverton', 'Rookwood', 'Saltmarsh', 'Sandoval', 'Sterling Vale',
  'Summit Hill', 'Thornbury', 'Westbridge', 'Whitford', 'Windmere', 'Wolcott', 'Yarrow', 'Aldermoor',
  'Bramblewood', 'Caskfield', 'Duramont', 'Emberline', 'Fenwick', 'Halloran', 'Lindqvist', 'Montclair',
  'Pellham', 'Quillon', 'Tavistock', 'Umberfield', 'Verrano', 'Wexley', 'Ardent', 'Beaconsfield', 'Cobalt',
  'Corvane', 'Drummond', 'Everly', 'Falconer', 'Gallant', 'Hemlock', 'Juniper', 'Keystone', 'Lodestar',
  'Norhaven', 'Orchard Lane', 'Paragon', 'Quarry Bay', 'Radiant', 'Sable', 'Tidewater', 'Upland',
  'Vantage', 'Warrick', 'Zenith',
];
const SHARED_PREFIXES = [
  ['Northwind', 'Logistics', 'Capital'], ['Harrowgate', 'Dynamics', 'Foods'],
  ['Veltrix', 'Pharma', 'Networks'], ['Kestrel', 'Aerospace', 'Energy'], ['Solenne', 'Biotech', 'Holdings'],
];
const SYL_START = ['Vel', 'Quor', 'Zan', 'Mer', 'Tal', 'Ost', 'Kor', 'Bel', 'Cal', 'Dra', 'Hal', 'Ist', 'Jor',
  'Lum', 'Nov', 'Pra', 'Ryn', 'Sor', 'Ther', 'Ul', 'Vex', 'Wyn', 'Xan', 'Yor', 'Ard', 'Bren', 'Cor', 'Del', 'Eld', 'Tor'];
const SYL_END = ['trix', 'ara', 'ion', 'exa', 'ium', 'eon', 'ava', 'ent', 'yx', 'anta', 'ello', 'ivo',
  'esta', 'ano', 'ia', 'ax', 'icon', 'ora'];

const companies = [];
const usedPrefix = new Set(SHARED_PREFIXES.map((s) => s[0]));
for (const [p, s1, s2] of SHARED_PREFIXES) { companies.push(`${p} ${s1}`, `${p} ${s2}`); }
for (const p of HAND_PREFIXES) { usedPrefix.add(p); companies.push(`${p} ${pick(SUFFIXES)}`); }
while (companies.length < 150) {
  const p = pick(SYL_START) + pick(SYL_END);
  if (usedPrefix.has(p)) continue;
  usedPrefix.add(p);
  companies.push(`${p} ${pick(SUFFIXES)}`);
}
const compInd = {};
for (const c of companies) compInd[c] = SUFFIX_INDUSTRY[c.split(' ').pop()];

// ---------- People ----------
const FIRST = ['Mira', 'Jonas', 'Elena', 'Tomasz', 'Amara', 'Lucas', 'Ingrid', 'Rafael', 'Yuki', 'Priya', 'Daniel',
  'Sofia', 'Kwame', 'Hannah', 'Mateo', 'Freya', 'Arjun', 'Chloe', 'Felix', 'Nadia', 'Oscar', 'Leila', 'Henrik',
  'Isabel', 'Kenji', 'Marta', 'Samuel', 'Aisha', 'Viktor', 'Clara', 'Diego', 'Astrid', 'Omar', 'Beatriz', 'Liam',
  'Ayumi', 'Nikolai', 'Grace', 'Emeka', 'Lena', 'Paolo', 'Ruth', 'Hugo', 'Sana', 'Anders', 'Julia', 'Tariq',
  'Mei', 'Gabriel', 'Ines', 'Stefan', 'Olivia', 'Ravi', 'Camille', 'Bruno', 'Zara', 'Erik', 'Lucia', 'Thabo',
  'Helena', 'Malik', 'Anna', 'Joaquin', 'Sigrid', 'Min-jun', 'Rosa', 'Adrian', 'Keiko', 'Marcus', 'Eva',
  'Dmitri', 'Noor', 'Pablo', 'Linnea', 'Kofi', 'Vera', 'Simon', 'Yara', 'Ethan', 'Carmen', 'Lars', 'Ji-woo',
  'Fatima', 'Rohan', 'Alice', 'Mikael', 'Teresa', 'Caleb', 'Hana', 'Luca'];
const LAST = ['Castellanos', 'Okafor', 'Lindgren', 'Haddad', 'Moreau', 'Ferreira', 'Nakamura', 'Brandt',
  'Kowalski', 'Mensah', 'Albrecht', 'Varga', 'Delgado', 'Sorensen', 'Iyer', 'Takahashi', 'Novak', 'Whitlock',
  'Bianchi', 'Petrov', 'Achterberg', 'Quintero', 'Halvorsen', 'Osei', 'Fontaine', 'Kaur', 'Marchetti',
  'Eriksson', 'Dubois', 'Adeyemi', 'Sato', 'Reinholt', 'Cardoso', 'Mbeki', 'Lund', 'Vasquez', 'Oyelaran',
  'Hartmann', 'Rossi', 'Kim', 'Park', 'Chandra', 'Gallagher', 'Strand', 'Moretti', 'Ibarra', 'Nowak',
  'Fischer', 'Laurent', 'Abernathy', 'Rahman', 'Silva', 'Jansen', 'Holt', 'Tanaka', 'Vogel', 'Esposito',
  'Berglund', 'Mwangi', 'Coutinho', 'Sandberg', 'Pereira', 'Kuznetsov', 'Ashworth', 'Lombardi', 'Yamada',
  'Okonjo', 'Garrido', 'Wexford', 'Dalgaard', 'Ruiz', 'Hoffmann', 'Bertrand', 'Greco', 'Nyberg', 'Asante',
  'Matsuda', 'Pinheiro', 'Sokolov', 'Thornton', 'Castell', 'Rinaldi', 'Mehta', 'Lindholm', 'Ferrer',
  'Aguilar', 'Winterbourne', 'Ozturk', 'Engstrom', 'Caruso', 'Hayashi', 'Nkemelu', 'Duarte', 'Kessler',
  'Bergstrom', 'Ramos', 'Watanabe', 'Claes', 'Vermeulen', 'Oduya', 'Salazar', 'Fairbairn', 'Holmberg',
  'Ricci', 'Suzuki', 'Banerjee', 'Chevalier', 'Navarro', 'Kjellberg', 'Ortega', 'Zielinski', 'Pemberton',
  'Arslan', 'Cabrera', 'Kobayashi', 'Gunnarsson', 'Mancini', 'Obi', 'Leclerc', 'Serrano', 'Hirsch',
  'Amundsen', 'Rocha', 'Voss', 'Takeda', 'Ndlovu', 'Corbin', 'Magnusson', 'Barbieri', 'Saxena', 'Delacour',
  'Medina', 'Falk', 'Inoue', 'Boateng', 'Langley', 'Ekstrom', 'Conti', 'Nair', 'Gautier', 'Fuentes', 'Krause',
  'Ueda', 'Adebayo', 'Prescott', 'Nordin', 'Vitale', 'Pillai', 'Renaud', 'Campos', 'Werner', 'Morita', 'Eze',
  'Blackwood', 'Sjoberg', 'Galli', 'Joshi', 'Perrin', 'Mendoza', 'Lorenz', 'Kimura', 'Agyeman', 'Radcliffe',
  'Wallin', 'Fabbri', 'Rao', 'Marchand', 'Rojas', 'Schreiber', 'Ishikawa', 'Nwosu', 'Hale', 'Forsberg',
  'Benedetti', 'Desai', 'Girard', 'Cortes', 'Baumann', 'Fujita', 'Okeke', 'Whitmore', 'Ahlgren', 'Pagano',
  'Kapoor', 'Lemaire', 'Soto', 'Engel', 'Ogawa', 'Anan', 'Kingsley'];
const uniqLast = [...new Set(LAST)];
const people = [];
const usedNames = new Set();
const SHARED_SURNAMES = ['Castellanos', 'Okafor', 'Lindgren', 'Haddad', 'Moreau', 'Nakamura'];
const surnameOrder = shuffle(uniqLast.filter((s) => !SHARED_SURNAMES.includes(s))).slice(0, 182);
const surnamePlan = shuffle([...surnameOrder, ...SHARED_SURNAMES, ...SHARED_SURNAMES, 'Castellanos', 'Okafor',
  'Haddad', 'Lindgren', 'Moreau', 'Nakamura']).slice(0, 200);
for (const s of surnamePlan) {
  let n;
  do { n = `${pick(FIRST)} ${s}`; } while (usedNames.has(n));
  usedNames.add(n);
  people.push(n);
}

// ---------- Products ----------
const PRODUCT_TYPES = [
  ['Inhaler', 'Pharmaceutical Product', 'Pharmaceuticals'], ['Injector', 'Pharmaceutical Product', 'Pharmaceuticals'],
  ['Chipset', 'Semiconductor Component', 'Semiconductors'], ['Processor', 'Semiconductor Component', 'Semiconductors'],
  ['Turbine', 'Energy Equipment', 'Renewable Energy'], ['Solar Array', 'Energy Equipment', 'Renewable Energy'],
  ['Drone', 'Aerospace Hardware', 'Aerospace'], ['Satellite Bus', 'Aerospace Hardware', 'Aerospace'],
  ['Earbuds', 'Consumer Device', 'Consumer Electronics'], ['Smartwatch', 'Consumer Device', 'Consumer Electronics'],
  ['Router', 'Networking Equipment', 'Telecommunications'], ['Modem', 'Networking Equipment', 'Telecommunications'],
  ['Scanner', 'Medical Device', 'Medical Devices'], ['Infusion Pump', 'Medical Device', 'Medical Devices'],
  ['Excavator', 'Heavy Machinery', 'Industrial Machinery'], ['Hydraulic Press', 'Heavy Machinery', 'Industrial Machinery'],
  ['Platform', 'Enterprise Software', 'Software'], ['Suite', 'Enterprise Software', 'Software'],
  ['Hatchback', 'Vehicle', 'Automotive'], ['E-Truck', 'Vehicle', 'Automotive'],
  ['Assay Kit', 'Diagnostic Kit', 'Biotechnology'], ['Cell Line', 'Diagnostic Kit', 'Biotechnology'],
];
const STEMS = ['Aurora', 'Nimbus', 'Vantara', 'Kairo', 'Zephyr', 'Halcyon', 'Solace', 'Tempest', 'Lumen', 'Strata',
  'Arclight', 'Borealis', 'Cirrus', 'Delphi', 'Ember', 'Fathom', 'Glacier', 'Helix', 'Ionis', 'Jasper', 'Kinetica',
  'Lattice', 'Monolith', 'Novaline', 'Obsidian', 'Pulsar', 'Quanta', 'Riftline', 'Sentinel', 'Tundra', 'Umbra',
  'Vectra', 'Wisp', 'Xenon', 'Yieldwise', 'Zircon', 'Atlas', 'Beryl', 'Cascade', 'Dynamo', 'Echo', 'Flux', 'Gale',
  'Horizon', 'Inlet', 'Jetstream', 'Keel', 'Lynx', 'Nexa', 'Onyx', 'Prism', 'Quill', 'Radian', 'Sierra', 'Talon',
  'Uplift', 'Vesper', 'Willow', 'Apex', 'Corvid'];
const MODELS = ['', '', '', ' Pro', ' X2', ' 500', ' Max', ' Lite'];
const products = [];
const prodType = {};
for (const stem of STEMS) {
  const t = pick(PRODUCT_TYPES);
  const name = `${stem}${pick(MODELS)} ${t[0]}`;
  products.push(name);
  prodType[name] = t;
}

// ---------- Triples ----------
const triples = [];
const tripleSet = new Set();
function add(h, r, t) {
  if (h === t) return;
  const k = `${h}|${r}|${t}`;
  if (tripleSet.has(k)) return;
  tripleSet.add(k);
  triples.push([h, r, String(t)]);
}

// place hierarchy
for (const [reg, cs] of Object.entries(REGIONS)) for (const c of cs) add(c, 'part_of', reg);
for (const city of ALL_CITIES) add(city, 'located_in', cityCountry[city]);
for (const u of UNIVERSITIES) add(u, 'located_in', pick(ALL_CITIES));
for (const f of LAW_FIRMS) add(f, 'located_in', pick(ALL_CITIES));
for (const a of AUDITORS) add(a, 'located_in', pick(ALL_CITIES));
for (const [e, city] of Object.entries(EXCHANGES)) add(e, 'located_in', city);
const exchangeNames = Object.keys(EXCHANGES);

// company attributes
const rank = {}; // ordering for acyclic ownership relations
shuffle(companies).forEach((c, i) => { rank[c] = i; });
const byInd = {};
for (const c of companies) (byInd[compInd[c]] ||= []).push(c);
const usedTickers = new Set();
const foundedYear = {};
for (const c of companies) {
  const hq = pick(ALL_CITIES);
  add(c, 'headquartered_in', hq);
  add(c, 'industry', compInd[c]);
  if (chance(0.12)) add(c, 'industry', pick(INDUSTRIES));
  foundedYear[c] = ri(1889, 2019);
  add(c, 'founded_year', foundedYear[c]);
  const emp = Math.round(Math.exp(Math.log(40) + rnd() * (Math.log(250000) - Math.log(40))));
  const sig = emp >= 1000 ? Math.round(emp / 100) * 100 : emp;
  add(c, 'employee_count', sig);
  if (chance(0.5)) {
    const letters = c.replace(/[^A-Za-z]/g, '').toUpperCase();
    let tk = letters.slice(0, 3) + c.split(' ').pop()[0].toUpperCase();
    let i = 0;
    while (usedTickers.has(tk)) { tk = letters.slice(0, 2) + letters[3 + (i % (letters.length - 3))] + String.fromCharCode(65 + i); i++; }
    usedTickers.add(tk);
    add(c, 'ticker', tk);
    add(c, 'listed_on', pick(exchangeNames));
  }
  if (chance(0.8)) add(c, 'audited_by', pick(AUDITORS));
  if (chance(0.55)) add(c, 'legal_counsel', pick(LAW_FIRMS));
}

// people roles
const pplShuffled = shuffle(people);
const ceoCompanies = sample(companies, 122);
const ceoOf = {};
ceoCompanies.forEach((c, i) => { add(c, 'ceo', pplShuffled[i]); ceoOf[c] = pplShuffled[i]; });
const cfoCompanies = sample(companies, 58);
cfoCompanies.forEach((c, i) => add(c, 'cfo', pplShuffled[122 + i]));
const employer = {};
ceoCompanies.forEach((c, i) => { employer[pplShuffled[i]] = c; });
cfoCompanies.forEach((c, i) => { employer[pplShuffled[122 + i]] = c; });
for (const p of people) {
  const city = pick(ALL_CITIES);
  add(p, 'born_in', city);
  add(p, 'nationality', chance(0.85) ? cityCountry[city] : pick(COUNTRIES));
  add(p, 'educated_at', pick(UNIVERSITIES));
  if (chance(0.35)) add(p, 'educated_at', pick(UNIVERSITIES));
  const cur = employer[p] && chance(0.6) ? employer[p] : (employer[p] ? null : pick(companies));
  if (cur) add(p, 'worked_at', cur);
  const nFormer = ri(0, 2);
  for (let i = 0; i < nFormer; i++) {
    const f = pick(companies);
    if (f !== employer[p] && f !== cur) add(p, 'former_employee_of', f);
  }
}
// founders
for (const c of companies) {
  if (chance(0.15)) continue;
  const n = chance(0.3) ? 2 : 1;
  for (let i = 0; i < n; i++) {
    if (i === 0 && ceoOf[c] && chance(0.3)) add(c, 'founded_by', ceoOf[c]);
    else add(c, 'founded_by', pick(people));
  }
}
// boards: a pool of ~70 directors, 1-4 seats each
const directors = sample(people, 70);
for (const d of directors) {
  const k = ri(1, 4);
  for (const c of sample(companies, k)) add(d, 'board_member_of', c);
}

// company-company relations
const investors = companies.filter((c) => ['Financial Services', 'Conglomerate'].includes(compInd[c]));
const ordered = companies.slice().sort((a, b) => rank[a] - rank[b]);
function earlierLater() {
  const a = pick(ordered), b = pick(ordered);
  return rank[a] < rank[b] ? [a, b] : [b, a];
}
for (let i = 0; i < 62; i++) {
  const [a, b] = earlierLater();
  if (a === b) continue;
  add(a, 'acquired', b);
  if (chance(0.4)) add(b, 'subsidiary_of', a);
}
for (let i = 0; i < 28; i++) {
  const [a, b] = earlierLater();
  if (a !== b) add(b, 'subsidiary_of', a);
}
for (let i = 0; i < 105; i++) add(pick(companies), 'supplies', pick(companies));
for (let i = 0; i < 62; i++) add(chance(0.75) ? pick(investors) : pick(companies), 'invested_in', pick(companies));
for (let i = 0; i < 42; i++) add(pick(companies), 'sued', pick(companies));
for (let i = 0; i < 70; i++) add(pick(companies), 'partnered_with', pick(companies));
for (let i = 0; i < 90; i++) {
  const c = pick(companies);
  const peers = byInd[compInd[c]];
  add(c, 'competitor_of', peers.length > 1 && chance(0.85) ? pick(peers) : pick(companies));
}
for (let i = 0; i < 24; i++) {
  const c = pick(companies);
  add(c, 'owned_by', chance(0.6) ? pick(investors) : pick(people));
}

// products
for (const p of products) {
  const [, cat, ind] = prodType[p];
  add(p, 'product_category', cat);
  add(p, 'launched_in', ri(1995, 2024));
  const pool = byInd[ind] && byInd[ind].length ? byInd[ind] : companies;
  add(pick(pool), 'manufactures', p);
  if (chance(0.25)) add(pick(companies), 'manufactures', p);
}
// a few extra products for the most prolific product industries
for (const c of sample(companies, 25)) add(c, 'manufactures', pick(products));

// ---------- Index + path walking ----------
const fwd = new Map(), bwd = new Map();
for (const [h, r, t] of triples) {
  const kf = `${h}\u0000${r}`, kb = `${t}\u0000${r}`;
  if (!fwd.has(kf)) fwd.set(kf, []);
  fwd.get(kf).push(t);
  if (!bwd.has(kb)) bwd.set(kb, []);
  bwd.get(kb).push(h);
}
function walk(start, path) {
  let cur = new Set([start]);
  for (const step of path.trim().split(/\s+/)) {
    const dir = step.slice(-1), rel = step.slice(0, -1);
    const next = new Set();
    for (const e of cur) for (const n of ((dir === '>' ? fwd : bwd).get(`${e}\u0000${rel}`) || [])) next.add(n);
    cur = next;
  }
  return [...cur].sort();
}

// ---------- Questions ----------
const T = { C: companies, P: people, Prod: products, U: UNIVERSITIES, City: ALL_CITIES, Law: LAW_FIRMS };
// [anchor type, path, wording, flags]
const SPECS = [
  // one relation
  ['C', 'headquartered_in>', (x) => `Where is ${x} headquartered?`],
  ['C', 'acquired>', (x) => `Which companies did ${x} acquire?`],
  ['C', 'acquired<', (x) => `Who acquired ${x}?`],
  ['C', 'ceo>', (x) => `Who runs ${x} these days?`],
  ['C', 'board_member_of<', (x) => `Who sits on the board of ${x}?`],
  ['P', 'board_member_of>', (x) => `Which companies does ${x} sit on the board of?`],
  ['C', 'manufactures>', (x) => `What does ${x} make?`],
  ['Prod', 'manufactures<', (x) => `Which company manufactures the ${x}?`],
  ['C', 'founded_year>', (x) => `What year was ${x} founded?`],
  ['C', 'founded_by>', (x) => `Who founded ${x}?`],
  ['C', 'audited_by>', (x) => `Which accounting firm audits ${x}?`],
  ['P', 'educated_at>', (x) => `Which university did ${x} study at?`],
  ['C', 'ticker>', (x) => `what is the ticker for ${x}`, { lower: true }],
  ['C', 'supplies<', (x) => `Who supplies ${x}?`],
  ['C', 'subsidiary_of<', (x) => `List the subsidiaries of ${x}.`],
  ['C', 'employee_count>', (x) => `What's the employee count at ${x}?`],
  ['Prod', 'launched_in>', (x) => `When was the ${x} launched?`],
  ['C', 'sued<', (x) => `Which companies have sued ${x}?`],
  // two relations
  ['Prod', 'manufactures< headquartered_in>', (x) => `Where is the company that makes the ${x} headquatered?`],
  ['C', 'ceo> educated_at>', (x) => `Which univeristy did the CEO of ${x} attend?`],
  ['C', 'audited_by> located_in>', (x) => `In what city is ${x}'s auditor based?`],
  ['C', 'headquartered_in> located_in>', (x) => `which country is ${x} based in`, { lower: true }],
  ['C', 'acquired> industry>', (x) => `What industries are the businesses ${x} has acquired in?`],
  ['C', 'acquired< ceo>', (x) => `Who is the chief executive of the firm that bought ${x}?`],
  ['C', 'founded_by> nationality>', (x) => `What nationality are the founders of ${x}?`],
  ['C', 'board_member_of< educated_at>', (x) => `Which universities did the board members of ${x} graduate from?`],
  ['C', 'manufactures> launched_in>', (x) => `In which years did ${x} launch its products?`],
  ['C', 'supplies> headquartered_in>', (x) => `Where are the customers that ${x} supplies headquartered?`],
  ['C', 'ceo> born_in>', (x) => `where was the boss of ${x} born`, { lower: true }],
  ['C', 'subsidiary_of> founded_year>', (x) => `When was the parent company of ${x} founded?`],
  ['P', 'board_member_of> headquartered_in>', (x) => `In which cities are the companies whose boards ${x} sits on headquartered?`],
  ['U', 'educated_at< ceo<', (x) => `Which companies are led by CEOs who studied at ${x}?`],
  ['C', 'sued> legal_counsel>', (x) => `Which law firms represent the companies ${x} has sued?`],
  ['C', 'invested_in> manufactures>', (x) => `What products come from companies ${x} has invested in?`],
  ['City', 'headquartered_in< manufactures>', (x) => `What products are made by companies based in ${x}?`],
  ['C', 'former_employee_of< worked_at>', (x) => `Where do ex-employees of ${x} work now?`],
  ['C', 'listed_on> located_in>', (x) => `Which city is home to the stock exchange where ${x} is listed?`],
  ['Prod', 'manufactures< ceo>', (x) => `Who heads the maker of the ${x}?`],
  ['P', 'founded_by< industry>', (x) => `What industries are the companies founded by ${x} in?`],
  ['C', 'owned_by> headquartered_in>', (x) => `Where is the owner of ${x} headquartered?`],
  // three relations
  ['C', 'audited_by> located_in> located_in>', (x) => `In which country is the auditor of ${x} based?`],
  ['Prod', 'manufactures< headquartered_in> located_in>', (x) => `Which country is the manufacturer of the ${x} based in?`],
  ['C', 'ceo> educated_at> located_in>', (x) => `In which city is the university attended by the CEO of ${x}?`],
  ['C', 'acquired< ceo> nationality>', (x) => `What's the nationality of the CEO of the company that acquired ${x}?`],
  ['C', 'headquartered_in> located_in> part_of>', (x) => `which region of the world is ${x} headquartered in`, { lower: true }],
  ['C', 'founded_by> born_in> located_in>', (x) => `In which country were the founders of ${x} born?`],
  ['C', 'subsidiary_of> ceo> educated_at>', (x) => `Where did the CEO of ${x}'s parent company study?`],
  ['Prod', 'manufactures< supplies< headquartered_in>', (x) => `Where are the suppliers of the company that makes the ${x} headquartered?`],
  ['C', 'invested_in< ceo> educated_at>', (x) => `which universities did the ceos of ${x}'s investors attend`, { lower: true }],
  ['C', 'ceo> born_in> located_in>', (x) => `In what country was the CEO of ${x} born?`],
];

const usedAnchors = new Set();
const qLines = [], pLines = [];
const hopCount = {};
for (const [type, path, word, flags] of SPECS) {
  const cands = shuffle(T[type]).filter((a) => {
    if (usedAnchors.has(a)) return false;
    const g = walk(a, path);
    return g.length >= 1 && g.length <= 10 && !g.includes(a);
  });
  if (!cands.length) throw new Error(`no anchor for ${path}`);
  // prefer anchors whose answer set is small-to-moderate and not always singleton for multi-answer relations
  const a = cands[0];
  usedAnchors.add(a);
  const gold = walk(a, path);
  let q = word(a);
  if (flags && flags.lower) q = q.toLowerCase();
  qLines.push(`${q}\t${gold.join('|')}`);
  pLines.push(`${q}\t${path}`);
  const hops = path.trim().split(/\s+/).length;
  hopCount[hops] = (hopCount[hops] || 0) + 1;
}

// ---------- Write + self-check ----------
writeFileSync(join(OUT, 'kb.txt'), triples.map((t) => t.join('|')).join('\n') + '\n');
writeFileSync(join(OUT, 'questions.tsv'), qLines.join('\n') + '\n');
writeFileSync(join(OUT, 'paths.tsv'), pLines.join('\n') + '\n');

const ents = new Set();
for (const [h, r, t] of triples) {
  if (!h || !r || !t || [h, r, t].some((f) => f.includes('|') || f.includes('\t'))) throw new Error('bad triple');
  ents.add(h); ents.add(t);
}
for (const l of qLines) for (const g of l.split('\t')[1].split('|')) if (!ents.has(g)) throw new Error(`gold missing: ${g}`);
const rels = [...new Set(triples.map((t) => t[1]))].sort();
// name collisions across entity types
const typed = [companies, people, products, ALL_CITIES, COUNTRIES, Object.keys(REGIONS), UNIVERSITIES, LAW_FIRMS,
  AUDITORS, exchangeNames, INDUSTRIES].flat();
if (new Set(typed).size !== typed.length) throw new Error('entity name collision');
console.log(JSON.stringify({
  triples: triples.length, relations: rels.length, entities: ents.size,
  companies: companies.length, people: people.length, products: products.length, cities: ALL_CITIES.length,
  countries: COUNTRIES.length, questions: qLines.length, hopCount, rels,
}, null, 1));
