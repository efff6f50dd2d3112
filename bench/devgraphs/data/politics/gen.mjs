// Deterministic generator for a politics/government test knowledge graph.
// Usage: node gen.mjs   -> writes kb.txt, questions.tsv, paths.tsv next to this script.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../seededRandom.mjs';
import { tripleStore } from '../tripleStore.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

// ---------- PRNG (mulberry32, fixed seed: ../seededRandom.mjs) ----------
const { ri, pick, chance, shuffle, sample } = seededRandom(771203);

// ---------- triple store ----------
const { triples, add } = tripleStore();
const types = new Map();
function tag(e, t) { if (!types.has(e)) types.set(e, new Set()); types.get(e).add(t); }
const isType = (e, t) => types.has(e) && types.get(e).has(t);

// ---------- name pools ----------
const FIRST = ['Ottilie','Anselm','Brigitta','Casimir','Dagny','Emeric','Fenna','Gideon','Halvard','Ingrid','Jorund','Katrien',
  'Leopold','Malin','Nikolai','Oriana','Piet','Quirin','Rosalind','Severin','Tamsin','Ulrich','Vesna','Wendel','Yelena','Zoltan',
  'Agathe','Bertil','Clementine','Dorian','Elske','Florian','Greta','Henrik','Isolde','Joachim','Liesel','Magnus','Noor','Osric',
  'Petra','Rasmus','Sigrid','Theodor','Ursula','Valentin','Wilhelmina','Aurelia','Benedikt','Cordelia','Edvard','Frida','Gustav',
  'Helena','Ivo','Josefine','Konrad','Lavinia','Matthias','Nadia','Orla','Pascal','Rikke','Stellan','Tobias','Vivienne','Alaric',
  'Beatrix','Cyril','Delphine','Evander','Fiora','Hugo','Imke','Jasper','Kaja','Lorenz','Mirela','Nils','Odile','Marisol','Teodor',
  'Anouk','Bram','Celestine','Dragan','Esme','Lucan','Milena','Radu','Solveig','Tancred'];
const SUR_HAND = ['Brandvold','Achterberg','Bellweather','Castellane','Dravnik','Eskildsen','Falkenrath','Gorunov','Haverkamp',
  'Ilvesto','Jarlsberg','Kovalenko','Marchetti','Norrland','Oberholt','Petrakis','Quennell','Rosenvinge','Tiernan','Ulvestad',
  'Varga','Westerholm','Yilmazer','Zellweger','Abernathy','Brisco','Corvalan','Delacroix-Moss','Engstrom','Fairbrother','Galloway',
  'Iversen','Jovanic','Lauridsen','Montague','Navarrete','Ostrander','Pellegrin','Radovan','Sandoval','Thorvaldsen','Vukovic',
  'Whitcombe','Ardelean','Calloway','Dunmore','Fontaine','Grimaldi','Karsten','Lowenthal','Mazur','Orlov','Pemberton','Quist',
  'Tamberlane','Uhrig','Vandermeer','Wexford','Ambrose','Blackwood','Cazenave','Draskovic','Everly','Ferreira','Hendricks','Kallio',
  'Moravec','Okonkwo','Pryce','Valcourt','Wainwright','Ashdown','Birkeland','Costa','Gundersen','Hale','Juhl','Kroll','Mortensen',
  'Novak','Oyelaran','Prideaux','Rook','Stavros','Vance','Wilde','Marinescu','Albescu','Petrovic','Szabo','Halloran','Devereux'];
const SUR_PRE = ['Brand','Ahl','Berg','Dahl','Ek','Falk','Gran','Hag','Holm','Lind','Lund','Mal','Nor','Ost','Ros','Sand','Sol',
  'Stor','Tor','Ulv','Vest','Wahl','Alder','Eske','Haver','Kett','Marr','Pell','Raven','Thorn'];
const SUR_SUF = ['vold','berg','strand','gren','holm','qvist','stad','by','dahl','mark','rud','sen','lund','strom','wick','field',
  'ford','ley','worth','ton'];
const SUR_GEN = [];
for (const p of SUR_PRE) for (const s of SUR_SUF) SUR_GEN.push(p + s);
const SURNAMES = shuffle([...SUR_HAND, ...sample(SUR_GEN, 150)].filter((v, i, a) => a.indexOf(v) === i));
let surIdx = 0;
const usedSurnames = [];
const usedNames = new Set();
function newName() {
  for (;;) {
    let s;
    if (usedSurnames.length > 10 && chance(0.09)) s = pick(usedSurnames); // a few shared surnames
    else { s = SURNAMES[surIdx % SURNAMES.length]; surIdx++; }
    const n = pick(FIRST) + ' ' + s;
    if (!usedNames.has(n)) { usedNames.add(n); usedSurnames.push(s); return n; }
  }
}

// ---------- geography / institutions ----------
const COUNTRIES = [
  { name: 'Valdoria', adj: 'Valdorian', nMin: 4,
    prov: { 'Harrowmere': ['Castellan','Fenbridge','Milthorpe','Saltcote'],
            'Lowmark': ['Harrowmere','Lowmark East','Grisdale','Pennock Vale'], // constituency named like a province
            'Eastvale': ['North Ellsworth','South Ellsworth','Ellsworth Central','Brackenham'] },
    parties: ['Green Alliance of Valdoria','Valdorian Conservative Party',"Workers' Front of Valdoria"],
    elections: [[2011,'general'],[2015,'general'],[2019,'general'],[2023,'general']] },
  { name: 'Kestria', adj: 'Kestrian', nMin: 3,
    prov: { 'Brennick': ['Kestrin','Oldmere','Brennick Hills','Tamsford'],
            'Sorrowby': ['Wexley','Sorrowby Marsh','Cinderford','Halloway'],
            'Tallis Reach': ['Tallis Port','Rainford','Gullhaven','Ivybridge'] },
    parties: ['Progressive Union of Kestria','Kestrian National Party','Kestrian Liberal Democrats'],
    elections: [[2010,'general'],[2014,'general'],[2018,'general'],[2022,'general']] },
  { name: 'Morvania', adj: 'Morvanian', nMin: 3,
    prov: { 'Ostrava Vale': ['Morvik','Ostrava Upper','Ostrava Lower','Belgrane'],
            'Krenmoor': ['Krenholt','Dunmere','Sable Cross','Veltrin'],
            'Duskfield': ['Duskfield Town','Marrow Heath','Pellin','Stavgard'] },
    parties: ['Green Alliance of Morvania',"Morvanian People's Party",'Civic Platform of Morvania'],
    elections: [[2012,'general'],[2016,'general'],[2020,'general'],[2024,'general']] },
  { name: 'Estrelia', adj: 'Estrelian', nMin: 3,
    prov: { 'Solano Coast': ['Estrela Nova','Playa Serena','Costa Alba','Rio Tinto Bajo'],
            'Miravel': ['Miravel Alto','San Ciro','Valverde','Almendral'] },
    parties: ['Estrelian Socialist Party','Democratic Centre of Estrelia'],
    elections: [[2013,'general'],[2017,'presidential'],[2018,'general'],[2023,'general']] },
  { name: 'Talvenia', adj: 'Talvenian', nMin: 3,
    prov: { 'Greyhaven': ['Talvik','Greyhaven Docks','Northwold','Skerry'],
            'Wilderholm': ['Wilderholm Central','Fjellby','Rosmark','Tindal'],
            'Tarn Basin': ['Tarnby','Lakeshore','Ormsund','Hallvik'] },
    parties: ['Talvenian Labour Party','Progressive Union of Talvenia','Agrarian League of Talvenia'],
    elections: [[2009,'general'],[2013,'general'],[2017,'general'],[2021,'general']] },
  { name: 'Brisland', adj: 'Brislandic', nMin: 3,
    prov: { 'Coldharbour': ['Brisport','Coldharbour West','Coldharbour East','Netherby'],
            'Ashby Downs': ['Ashby Green','Longmead','Pilcombe',"St Edric's"] },
    parties: ['Brislandic Unionist Party','New Commonwealth Party'],
    elections: [[2010,'general'],[2015,'general'],[2019,'general'],[2024,'general']] },
  { name: 'Orsova', adj: 'Orsovan', nMin: 3,
    prov: { 'Veliko Plain': ['Orsograd','Velikovo','Zelenka','Brodna'],
            'Drinska': ['Drinska Polje','Kamenica','Rovin','Sutina'] },
    parties: ['Orsovan Renewal','Social Democrats of Orsova'],
    elections: [[2014,'general'],[2016,'presidential'],[2020,'general']] },
  { name: 'Caldrenia', adj: 'Caldrenian', nMin: 3,
    prov: { 'Port Amsel': ['Amselburg','Caldra Bay','Weststrand','Mirrin'],
            'Highmarch': ['Highmarch Upper','Kelderwick','Stonegate','Varrow'] },
    parties: ['Caldrenian Reform Movement',"Free Citizens' Party"],
    elections: [[2015,'general'],[2019,'general'],[2023,'general']] },
];
const PORTFOLIOS = ['Finance','Defence','Foreign Affairs','Health','Education','Interior','Justice','Agriculture','Energy','Transport'];

const UNIVERSITIES = [ // [name, country index, located constituency]
  ['University of Valdoria',0,'Castellan'],['Valdoria Institute of Technology',0,'Fenbridge'],['Castellan Polytechnic',0,'Castellan'],
  ['Kestria State University',1,'Kestrin'],['University of Kestrin',1,'Kestrin'],['Royal Academy of Morvania',2,'Morvik'],
  ['Morvik University',2,'Morvik'],['University of Estrela Nova',3,'Estrela Nova'],['Talvik Technical University',4,'Talvik'],
  ['University of Greyhaven',4,'Greyhaven Docks'],['Brisport College',5,'Brisport'],["St Edric's College",5,"St Edric's"],
  ['University of Orsograd',6,'Orsograd'],['Caldrenian Institute of Technology',7,'Amselburg'],['Amselburg University',7,'Amselburg'],
  ['Northwold School of Economics',4,'Northwold']];
const THINK_TANKS = [['Institute for Civic Renewal',0],['Northgate Policy Centre',1],['Kestrian Centre for Economic Studies',1],
  ['Morvanian Forum for Liberty',2],['Centre for Democratic Futures',3],['Talvik Institute',4],['Harrowmere Foundation',0],
  ['Ashby Policy Exchange',5],['Orsova Reform Institute',6],['Amsel Institute for Public Policy',7]];
const NEWSPAPERS = [['The Valdorian Herald',0],['Castellan Evening Standard',0],['Kestria Morning Post',1],['The Kestrian Observer',1],
  ['The Morvanian Tribune',2],['Estrela Diario',3],['Talvik Dagblad',4],['The Brisport Chronicle',5],['Orsograd Vjesnik',6],
  ['Caldrenian Courier',7]];
const COMPANY_DONORS = ['Harrowgate Holdings','Strandberg Shipping','Northwind Capital','Velmora Mining Group','Kestrel Energy',
  'Blue Fjord Investments','Amsel Trust','Ostrava Steelworks'];
const COMMITTEES = [['Valdorian Public Accounts Committee',0],['Valdorian Foreign Affairs Committee',0],['Kestrian Budget Committee',1],
  ['Kestrian Defence Committee',1],['Morvanian Committee on Energy',2],['Morvanian Budget Committee',2],
  ['Estrelian Constitutional Affairs Committee',3],['Talvenian Finance Committee',4],['Talvenian Health Committee',4],
  ['Brislandic Select Committee on Trade',5],['Orsovan Judiciary Committee',6],['Caldrenian Environment Committee',7]];
const BILL_TOPICS = ['Clean Rivers Act','Clean Rivers (Amendment) Act','Housing Reform Bill','Digital Privacy Act','Fair Wages Act',
  'Public Broadcasting Act','Electoral Integrity Bill','Rural Broadband Act','Pension Security Act','Coastal Protection Act',
  'Border Management Bill','Renewable Energy Act','Civil Service Reform Act','Freedom of Information Act','Tenant Protection Bill',
  'Anti-Corruption Act','Healthcare Access Act','School Meals Act','Mining Royalties Bill','Forestry Act','Data Retention Bill',
  'Transport Modernisation Act','Agricultural Subsidies Bill','Family Leave Act','Judicial Appointments Act','Police Oversight Bill',
  'Minimum Income Act','Water Security Act',"Veterans' Welfare Act",'Local Government Act','Campaign Finance Reform Act',
  'Language Rights Act','Fisheries Act','Consumer Protection Act','Tobacco Control Act','Public Procurement Bill',
  'Higher Education Funding Act','Cybersecurity Act','Housing Reform (No. 2) Bill','Budget Responsibility Act'];

// ---------- build ----------
const allConst = [];
const countryConst = COUNTRIES.map(() => []);
const countryPeople = COUNTRIES.map(() => []);
const personCountry = new Map();
const personParty = new Map();

// institutions (names first, triples later where people are needed)
for (const [u, ci, loc] of UNIVERSITIES) tag(u, 'university');
for (const [t] of THINK_TANKS) tag(t, 'thinktank');
for (const [n] of NEWSPAPERS) tag(n, 'newspaper');
for (const [c] of COMMITTEES) tag(c, 'committee');
const DONORS = [];
for (let i = 0; i < 12; i++) { const n = newName(); DONORS.push(n); tag(n, 'donor'); add(n, 'birth_year', ri(1938, 1975)); }
for (const d of COMPANY_DONORS) { DONORS.push(d); tag(d, 'donor'); add(d, 'founded_year', ri(1890, 2005)); }

// geography
COUNTRIES.forEach((c, ci) => {
  tag(c.name, 'country');
  for (const [p, cs] of Object.entries(c.prov)) {
    tag(p, 'province'); add(p, 'located_in', c.name);
    for (const k of cs) { tag(k, 'constituency'); add(k, 'located_in', p); allConst.push(k); countryConst[ci].push(k); }
  }
  add(c.name, 'capital', countryConst[ci][0]);
});
for (const [u, ci, loc] of UNIVERSITIES) { add(u, 'located_in', loc); add(u, 'founded_year', ri(1420, 1975)); }

function person(ci, opts = {}) {
  const n = newName();
  tag(n, 'person');
  personCountry.set(n, ci);
  countryPeople[ci].push(n);
  const [y0, y1] = opts.old ? [1902, 1945] : [1944, 1991];
  add(n, 'birth_year', ri(y0, y1));
  add(n, 'born_in', chance(0.88) ? pick(countryConst[ci]) : pick(allConst));
  const homeU = UNIVERSITIES.filter((u) => u[1] === ci).map((u) => u[0]);
  add(n, 'educated_at', chance(0.8) && homeU.length ? pick(homeU) : pick(UNIVERSITIES)[0]);
  if (chance(0.3)) add(n, 'educated_at', pick(UNIVERSITIES)[0]);
  if (chance(0.42)) {
    const pool = [...THINK_TANKS.filter((t) => t[1] === ci), ...NEWSPAPERS.filter((t) => t[1] === ci)].map((x) => x[0]);
    add(n, 'previously_worked_at', pick(pool));
  }
  if (opts.party) setParty(n, opts.party);
  return n;
}
function setParty(n, p) { personParty.set(n, p); add(n, 'party', p); tag(n, 'politician'); }

const partyMembers = new Map();
const partyCountry = new Map();
const allMPs = [];
const countryMPs = COUNTRIES.map(() => []);

COUNTRIES.forEach((c, ci) => {
  const cons = countryConst[ci];
  // parties
  for (const p of c.parties) {
    tag(p, 'party'); partyCountry.set(p, ci); partyMembers.set(p, []);
    add(p, 'country', c.name);
    add(p, 'founded_year', ri(1890, 2014));
    add(p, 'headquartered_in', chance(0.65) ? cons[0] : pick(cons));
    for (const d of sample(DONORS, ri(1, 3))) add(p, 'funded_by', d);
  }
  // elections
  const elecs = c.elections.map(([y, kind]) => `${y} ${c.name} ${kind} election`);
  const winners = [];
  elecs.forEach((e) => {
    tag(e, 'election'); add(e, 'held_in', c.name);
    const w = chance(0.55) && winners.length ? winners[winners.length - 1] : pick(c.parties);
    winners.push(w); add(e, 'winner', w);
  });
  const generalIdx = c.elections.map((x, i) => (x[1] === 'general' ? i : -1)).filter((i) => i >= 0);
  const lastGen = elecs[generalIdx[generalIdx.length - 1]];
  const prevGen = elecs[generalIdx[generalIdx.length - 2]];
  const ruling = winners[generalIdx[generalIdx.length - 1]];
  const others = c.parties.filter((p) => p !== ruling);
  const mem = (n, p) => { setParty(n, p); partyMembers.get(p).push(n); };

  // head of state and predecessor
  const hos = person(ci); mem(hos, ruling); tag(hos, 'hos');
  add(c.name, 'head_of_state', hos);
  const prevHos = person(ci, { old: chance(0.5) }); mem(prevHos, pick(c.parties));
  add(hos, 'succeeded', prevHos);
  const presIdx = c.elections.findIndex((x) => x[1] === 'presidential');
  if (presIdx >= 0) add(hos, 'elected_in', elecs[presIdx]);

  // ministries
  const ports = sample(PORTFOLIOS, c.nMin);
  for (const port of ports) {
    const m = `${c.adj} Ministry of ${port}`;
    tag(m, 'ministry'); add(m, 'portfolio', port);
    const minister = person(ci); mem(minister, chance(0.8) ? ruling : pick(others));
    tag(minister, 'minister');
    add(minister, 'ministry', m); add(minister, 'appointed_by', hos);
  }
  // appointed officials (ambassadors, judges, central bank)
  for (let k = 0; k < ri(1, 2); k++) { const o = person(ci); tag(o, 'official'); add(hos, 'appointed', o); }
  // governors
  for (const p of Object.keys(c.prov)) {
    const g = person(ci); if (chance(0.6)) mem(g, pick(c.parties));
    add(p, 'governed_by', g);
    if (chance(0.5)) add(hos, 'appointed', g);
  }
  // MPs per constituency + runners-up
  for (const k of cons) {
    const pp = chance(0.45) ? ruling : pick(c.parties);
    const mp = person(ci); mem(mp, pp); tag(mp, 'mp');
    allMPs.push(mp); countryMPs[ci].push(mp);
    add(mp, 'represents', k);
    add(mp, 'elected_in', lastGen);
    if (chance(0.4)) add(mp, 'elected_in', prevGen);
    const share = ri(380, 719) / 10;
    add(mp, 'vote_share', share.toFixed(1) + '%');
    if (chance(0.65)) {
      const ru = person(ci); mem(ru, pick(c.parties.filter((x) => x !== pp))); tag(ru, 'runnerup');
      add(mp, 'defeated', ru);
      add(ru, 'vote_share', (ri(150, Math.floor(share * 10) - 10) / 10).toFixed(1) + '%');
      if (chance(0.3)) add(ru, 'elected_in', prevGen);
    }
  }
  // party leaders, predecessors, founders
  for (const p of c.parties) {
    const cand = partyMembers.get(p).filter((n) => isType(n, 'mp') || isType(n, 'minister') || isType(n, 'hos'));
    const leader = cand.length && chance(0.85) ? pick(cand) : (() => { const x = person(ci); mem(x, p); return x; })();
    add(p, 'leader', leader); tag(leader, 'leader');
    const former = person(ci, { old: chance(0.4) }); mem(former, p);
    add(leader, 'succeeded', former);
    let founder;
    if (chance(0.3)) { founder = former; }
    else {
      founder = person(ci, { old: true }); mem(founder, p);
      if (chance(0.5)) add(former, 'succeeded', founder);
    }
    add(p, 'founded_by', founder);
    add(p, 'seats_won', Math.max(2, Math.round(partyMembers.get(p).filter((n) => isType(n, 'mp')).length * ri(9, 15) + ri(0, 9))));
  }
  // committees
  for (const [cm, cci] of COMMITTEES) {
    if (cci !== ci) continue;
    const ms = sample(countryMPs[ci], ri(3, 5));
    for (const m of ms) add(m, 'member_of', cm);
    add(ms[0], 'chairs', cm);
  }
});

// think tanks & newspapers (need people)
for (const [t, ci] of THINK_TANKS) {
  add(t, 'founded_year', ri(1950, 2018));
  add(t, 'headquartered_in', pick(countryConst[ci]));
  add(t, 'founded_by', pick(countryPeople[ci]));
  for (const d of sample(DONORS, ri(1, 2))) add(t, 'funded_by', d);
  for (const m of sample(countryPeople[ci], ri(2, 4))) add(m, 'member_of', t);
}
for (const [n, ci] of NEWSPAPERS) {
  add(n, 'founded_year', ri(1820, 1999));
  add(n, 'headquartered_in', countryConst[ci][0]);
  add(n, 'owner', pick(DONORS));
  for (const p of sample(countryPeople[ci].filter((x) => personParty.has(x)), ri(1, 3))) add(n, 'endorsed', p);
}

// bills
const bills = shuffle(BILL_TOPICS);
bills.forEach((b0, i) => {
  const ci = i % COUNTRIES.length;
  const year = ri(2004, 2024);
  let b = b0;
  if (chance(0.35)) b = `${COUNTRIES[ci].adj} ${b0}`;
  else if (chance(0.4)) b = `${b0} ${year}`;
  tag(b, 'bill');
  const sp = sample(countryMPs[ci], chance(0.25) ? 2 : 1);
  for (const s of sp) add(s, 'sponsored', b);
  if (chance(0.75)) add(b, 'enacted_year', Math.min(2024, year + ri(0, 1)));
});
// more sponsorships so some MPs have several bills
for (let i = 0; i < 20; i++) {
  const b = pick([...types.keys()].filter((e) => isType(e, 'bill')));
  const owner = triples.find(([h, r, t]) => r === 'sponsored' && t === b)[0];
  add(pick(countryMPs[personCountry.get(owner)]), 'sponsored', b);
}

// spouses (both directions, like many exports)
COUNTRIES.forEach((c, ci) => {
  const single = new Set(countryPeople[ci]);
  const hos = [...single].find((n) => isType(n, 'hos'));
  const pairs = [];
  const pool = shuffle([...single].filter((n) => n !== hos));
  pairs.push([hos, pool.pop()]);
  for (let k = 0; k < 4; k++) pairs.push([pool.pop(), pool.pop()]);
  for (const [a, b] of pairs) { add(a, 'spouse', b); add(b, 'spouse', a); }
});

// politician endorsements
COUNTRIES.forEach((c, ci) => {
  for (let k = 0; k < 5; k++) {
    const a = pick(countryMPs[ci]);
    const same = partyMembers.get(personParty.get(a)).filter((x) => x !== a);
    if (same.length) add(a, 'endorsed', pick(same));
  }
});

// ---------- sanity on names ----------
for (const [e, ts] of types) {
  if (ts.size > 1) {
    const s = [...ts];
    const ok = s.every((t) => ['person','politician','hos','minister','official','mp','runnerup','leader','donor'].includes(t)) ||
      (e === 'Harrowmere');
    if (!ok) throw new Error(`name collision: ${e} ${s}`);
  }
}

// ---------- graph index + path walker ----------
const outIdx = new Map(), inIdx = new Map();
for (const [h, r, t] of triples) {
  const ko = h + '\u0000' + r, ki = t + '\u0000' + r;
  if (!outIdx.has(ko)) outIdx.set(ko, []); outIdx.get(ko).push(t);
  if (!inIdx.has(ki)) inIdx.set(ki, []); inIdx.get(ki).push(h);
}
function walk(start, path) {
  let cur = new Set([start]);
  for (const st of path.split(' ')) {
    const dir = st.slice(-1), rel = st.slice(0, -1);
    const idx = dir === '>' ? outIdx : inIdx;
    const nxt = new Set();
    for (const e of cur) for (const x of idx.get(e + '\u0000' + rel) || []) nxt.add(x);
    cur = nxt;
  }
  cur.delete(start);
  return [...cur].sort();
}

// ---------- question templates ----------
const T = [
  // one relation (18)
  { path: 'party>', type: 'person', q: (s) => `Which party is ${s} a member of?` },
  { path: 'represents<', type: 'constituency', q: (s) => `Who is the sitting MP for ${s}?` },
  { path: 'born_in>', type: 'person', q: (s) => `Where was ${s} born?`, lc: true },
  { path: 'birth_year>', type: 'person', q: (s) => `What year was ${s} born in?` },
  { path: 'defeated>', type: 'person', q: (s) => `Who did ${s} beat at the ballot box?` },
  { path: 'defeated<', type: 'person', q: (s) => `Who defeated ${s}?` },
  { path: 'sponsored>', type: 'person', q: (s) => `Which bills has ${s} sponsered?` }, // typo
  { path: 'sponsored<', type: 'bill', q: (s) => `Who sponsored the ${s}?` },
  { path: 'leader>', type: 'party', q: (s) => `Who is currently leading the ${s}?` },
  { path: 'leader<', type: 'person', q: (s) => `Which party is ${s} the leader of?` },
  { path: 'appointed_by>', type: 'person', q: (s) => `Who appointed ${s}?` },
  { path: 'appointed<', type: 'person', q: (s) => `By whom was ${s} appointed?` },
  { path: 'founded_year>', type: 'party', q: (s) => `When was the ${s} founded?` },
  { path: 'capital>', type: 'country', q: (s) => `What's the capital of ${s}?`, lc: true },
  { path: 'succeeded<', type: 'person', q: (s) => `Who took over from ${s}?` },
  { path: 'winner>', type: 'election', q: (s) => `Which party came out on top in the ${s}?` },
  { path: 'ministry>', type: 'person', q: (s) => `Which ministry does ${s} run?` },
  { path: 'chairs<', type: 'committee', q: (s) => `Who chairs the ${s}?` },
  // two relations (22)
  { path: 'appointed_by< party>', type: 'person', q: (s) => `Which parties do the ministers appointed by ${s} belong to?` },
  { path: 'winner> leader>', type: 'election', q: (s) => `Who leads the party that won the ${s}?` },
  { path: 'spouse> educated_at>', type: 'person', q: (s) => `Which university did ${s}'s spouse attend?` },
  { path: 'represents> located_in>', type: 'person', q: (s) => `Which province is ${s}'s constituancy in?` }, // typo
  { path: 'party> leader>', type: 'person', q: (s) => `Who heads the party ${s} belongs to?` },
  { path: 'ministry> portfolio>', type: 'person', q: (s) => `What policy area does the ministry run by ${s} cover?` },
  { path: 'defeated> party>', type: 'person', q: (s) => `What party was the candidate ${s} defeated standing for?`, lc: true },
  { path: 'defeated< born_in>', type: 'person', q: (s) => `Where was the politician who defeated ${s} born?` },
  { path: 'sponsored< party>', type: 'bill', q: (s) => `Which party does the sponsor of the ${s} come from?` },
  { path: 'leader> born_in>', type: 'party', q: (s) => `What is the birthplace of the current leader of the ${s}?` },
  { path: 'head_of_state> party>', type: 'country', q: (s) => `What party is the head of state of ${s} affiliated with?` },
  { path: 'funded_by> owner<', type: 'party', q: (s) => `Which newspapers are owned by donors who bankroll the ${s}?` },
  { path: 'founded_by> educated_at>', type: 'party', q: (s) => `Where did the founder of the ${s} go to university?` },
  { path: 'member_of> chairs<', type: 'person', q: (s) => `Who chairs the committees that ${s} sits on?` },
  { path: 'appointed_by> born_in>', type: 'person', q: (s) => `Where was the person who appointed ${s} born?` },
  { path: 'succeeded> birth_year>', type: 'person', q: (s) => `In what year was ${s}'s predecessor born?` },
  { path: 'capital> represents<', type: 'country', q: (s) => `Who represents the capital of ${s} in parliament?` },
  { path: 'located_in< represents<', type: 'province', q: (s) => `Who are the MPs for the constituencies in ${s} province?`, lc: true },
  { path: 'previously_worked_at> owner>', type: 'person', q: (s) => `Who owns the outlet ${s} used to work for?` },
  { path: 'held_in< winner>', type: 'country', q: (s) => `Which parties have won elections in ${s}?` },
  { path: 'winner> founded_year>', type: 'election', q: (s) => `When was the party that won the ${s} founded?` },
  { path: 'sponsored> enacted_year>', type: 'person', q: (s) => `In which years were the bills sponsored by ${s} enacted?` },
  // three relations (10)
  { path: 'winner> leader> born_in>', type: 'election', q: (s) => `Where was the leader of the party that won the ${s} born?` },
  { path: 'spouse> party> leader>', type: 'person', q: (s) => `Who is the leader of the party ${s}'s spouse belongs to?` },
  { path: 'appointed_by< ministry> portfolio>', type: 'person', q: (s) => `What portfolios are covered by the ministries of the people ${s} appointed to cabinet?` },
  { path: 'represents> located_in> located_in>', type: 'person', q: (s) => `In which country is the constituency that ${s} represents?`, lc: true },
  { path: 'head_of_state> spouse> educated_at>', type: 'country', q: (s) => `Where was the spouse of ${s}'s head of state educated?` },
  { path: 'defeated< party> founded_by>', type: 'person', q: (s) => `Who founded the party of the candidate who beat ${s}?` },
  { path: 'sponsored< party> leader>', type: 'bill', q: (s) => `Who leads the party of the MP who sponsored the ${s}?` },
  { path: 'leader> succeeded> educated_at>', type: 'party', q: (s) => `Which university did the predecessor of the ${s}'s current leader attend?` },
  { path: 'held_in< winner> leader>', type: 'country', q: (s) => `Who are the leaders of the parties that have won elections in ${s}?` },
  { path: 'located_in< represents< party>', type: 'province', q: (s) => `Which parties hold seats in the province of ${s}?` },
];

const usedStarts = new Set();
const qs = [];
for (const t of T) {
  const cands = shuffle([...types.keys()].filter((e) => isType(e, t.type) && e !== 'Harrowmere').sort());
  let chosen = null;
  for (const pass of [0, 1]) {
    for (const s of cands) {
      if (pass === 0 && usedStarts.has(s)) continue;
      const g = walk(s, t.path);
      if (g.length >= 1 && g.length <= 10) { chosen = [s, g]; break; }
    }
    if (chosen) break;
  }
  if (!chosen) throw new Error('no start for ' + t.path);
  usedStarts.add(chosen[0]);
  let text = t.q(chosen[0]);
  if (t.lc) text = text.toLowerCase().replace(/\?$/, '');
  qs.push({ text, gold: chosen[1], path: t.path });
}

// ---------- write ----------
writeFileSync(join(HERE, 'kb.txt'), triples.map((x) => x.join('|')).join('\n') + '\n');
writeFileSync(join(HERE, 'questions.tsv'), qs.map((q) => `${q.text}\t${q.gold.join('|')}`).join('\n') + '\n');
writeFileSync(join(HERE, 'paths.tsv'), qs.map((q) => `${q.text}\t${q.path}`).join('\n') + '\n');

// ---------- self-checks ----------
const ents = new Set(); triples.forEach(([h, , t]) => { ents.add(h); ents.add(t); });
for (const [h, r, t] of triples) if (!h || !r || !t || h.includes('|') || t.includes('|')) throw new Error('bad triple');
for (const q of qs) for (const g of q.gold) if (!ents.has(g)) throw new Error('gold missing ' + g);
const rels = [...new Set(triples.map((x) => x[1]))].sort();
const hops = {}; qs.forEach((q) => { const n = q.path.split(' ').length; hops[n] = (hops[n] || 0) + 1; });
console.log(`triples=${triples.length} relations=${rels.length} entities=${ents.size} questions=${qs.length} hops=${JSON.stringify(hops)}`);
console.log('relations: ' + rels.join(', '));
