// Deterministic generator for an aviation/transport test KB + questions.
// Usage: node gen.mjs   -> writes kb.txt, questions.tsv, paths.tsv next to this file.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../seededRandom.mjs';
import { tripleStore } from '../tripleStore.mjs';

const OUT = dirname(fileURLToPath(import.meta.url));

// ---------- PRNG (mulberry32, fixed seed: ../seededRandom.mjs) ----------
const { rnd, ri, pick, shuffle, sample } = seededRandom(20240611);

// ---------- triple store ----------
const { triples, add } = tripleStore();

// ---------- geography (real) ----------
const regions = ['Europe', 'North America', 'South America', 'Asia', 'Middle East', 'Africa', 'Oceania'];
const countryRegion = {
  'United Kingdom': 'Europe', 'France': 'Europe', 'Germany': 'Europe', 'Spain': 'Europe', 'Italy': 'Europe',
  'Netherlands': 'Europe', 'Norway': 'Europe', 'Portugal': 'Europe',
  'United States': 'North America', 'Canada': 'North America', 'Mexico': 'North America',
  'Brazil': 'South America', 'Chile': 'South America',
  'Japan': 'Asia', 'Singapore': 'Asia', 'India': 'Asia',
  'United Arab Emirates': 'Middle East', 'Qatar': 'Middle East',
  'Kenya': 'Africa', 'South Africa': 'Africa', 'Australia': 'Oceania',
};
const cityCountry = {
  'London': 'United Kingdom', 'Manchester': 'United Kingdom', 'Edinburgh': 'United Kingdom',
  'Paris': 'France', 'Lyon': 'France', 'Toulouse': 'France',
  'Frankfurt': 'Germany', 'Munich': 'Germany', 'Hamburg': 'Germany',
  'Madrid': 'Spain', 'Barcelona': 'Spain', 'Rome': 'Italy', 'Milan': 'Italy',
  'Amsterdam': 'Netherlands', 'Oslo': 'Norway', 'Bergen': 'Norway', 'Lisbon': 'Portugal', 'Porto': 'Portugal',
  'Chicago': 'United States', 'Denver': 'United States', 'Seattle': 'United States', 'Atlanta': 'United States',
  'Houston': 'United States', 'Miami': 'United States', 'Boston': 'United States',
  'Toronto': 'Canada', 'Vancouver': 'Canada', 'Montreal': 'Canada', 'Mexico City': 'Mexico', 'Monterrey': 'Mexico',
  'Sao Paulo': 'Brazil', 'Rio de Janeiro': 'Brazil', 'Santiago': 'Chile',
  'Tokyo': 'Japan', 'Osaka': 'Japan', 'Singapore City': 'Singapore', 'Mumbai': 'India', 'Delhi': 'India', 'Bangalore': 'India',
  'Dubai': 'United Arab Emirates', 'Abu Dhabi': 'United Arab Emirates', 'Doha': 'Qatar',
  'Nairobi': 'Kenya', 'Mombasa': 'Kenya', 'Johannesburg': 'South Africa', 'Cape Town': 'South Africa',
  'Sydney': 'Australia', 'Melbourne': 'Australia', 'Perth': 'Australia', 'Brisbane': 'Australia',
};
const countries = Object.keys(countryRegion);
const cities = Object.keys(cityCountry);
for (const c of countries) add(c, 'located_in', countryRegion[c]);
for (const c of cities) add(c, 'located_in', cityCountry[c]);

// ---------- name material ----------
const used = new Set([...regions, ...countries, ...cities]);
function uniq(gen) { for (let i = 0; i < 1000; i++) { const n = gen(); if (!used.has(n)) { used.add(n); return n; } } throw new Error('name space exhausted'); }

const airportStems = ['Port Verity', 'Ashgrove', 'Kestrel Point', 'Brightwater', 'Halden', 'Marisol', 'Greywick', 'Larkspur',
  'Stonebridge', 'Corrin Bay', 'Elmsworth', 'Saint Aurel', 'Vellmoor', 'Redhaven', 'Talbot Heath', 'Orrin Cross',
  'Calder Vale', 'Fenwick', 'Silverlake', 'Mirabel Downs', 'Northgale', 'Easton Reach', 'Wyvern Hill', 'Juniper Flats',
  'Castellane', 'Harrow Point', 'Oakmere', 'Blue Lagoon', 'Dunmore', 'Linden Park', 'Rosalind', 'Tamsin Ridge',
  'Carrow', 'Palisade', 'Westmark', 'Ilsworth', 'Verano', 'Cobalt Bay', 'Maple Run', 'Quillon', 'Sorrel Field',
  'Ventnor Heights', 'Aldous', 'Beaumaris', 'Kingsferry', 'Lowmarsh', 'Pellham', 'Riverside', 'Sundale', 'Thornbury'];
const airportSuffix = ['International Airport', 'International Airport', 'Airport', 'Regional Airport', 'Airfield', 'Field'];
const airlineStems = ['Northgale', 'Skyreach', 'Aurelia', 'Meridian', 'Bluecrest', 'Solaris', 'Verity', 'Kestrel', 'Halcyon',
  'Tradewind', 'Coastline', 'Silverline', 'Polar', 'Cascadia', 'Zephyr', 'Amberly', 'Sunward', 'Crown', 'Atlas Pacific',
  'Island', 'Highland', 'Equinox', 'Redhaven', 'Monarch Bay', 'Lumen', 'Orion', 'Terra', 'Horizon Gulf', 'Saffron',
  'Velora', 'Nimbus', 'Estrella', 'Marlin', 'Brightwater', 'Aeris', 'Corvid', 'Pinnacle', 'Calder', 'Seabright', 'Andes Sur'];
const airlineSuffix = ['Air', 'Airways', 'Airlines', 'Aviation', 'Express', 'Jet', 'Wings', 'Cargo', 'Connect'];
const firstNames = ['Ines', 'Tomas', 'Mara', 'Julian', 'Priya', 'Kenji', 'Lena', 'Oskar', 'Amara', 'Rafael', 'Sofia', 'Dmitri',
  'Helena', 'Marcus', 'Yara', 'Felix', 'Nadia', 'Elliot', 'Chiara', 'Arjun', 'Beatriz', 'Callum', 'Freya', 'Hugo', 'Isabel',
  'Jonah', 'Keiko', 'Leon', 'Maeve', 'Nikolai', 'Olivia', 'Pablo', 'Quinn', 'Rosa', 'Stefan', 'Tariq', 'Ursula', 'Viktor',
  'Wren', 'Ximena', 'Yusuf', 'Zara', 'Anders', 'Brigid', 'Cyrus', 'Delphine', 'Emeka', 'Fiona', 'Gustavo', 'Hana'];
const surnames = ['Marlowe', 'Achterberg', 'Okafor', 'Lindqvist', 'Castellanos', 'Harrington', 'Nakamura', 'Petrova', 'Fairweather',
  'Delacroix', 'Varga', 'Osei', 'Brennan', 'Kowalczyk', 'Santoro', 'Whitcombe', 'Iyer', 'Haldane', 'Moreau', 'Tanaka',
  'Quintero', 'Baptiste', 'Strand', 'Okonkwo', 'Ravensworth', 'Vasquez', 'Eberhardt', 'Mistry', 'Calloway', 'Ferreira',
  'Gallagher', 'Holm', 'Ishikawa', 'Jovanovic', 'Kerrigan', 'Lachance', 'Mbeki', 'Novak', 'Oyelaran', 'Pemberton',
  'Rasmussen', 'Sauveterre', 'Thorne', 'Ulloa', 'Vance', 'Westergaard', 'Yilmaz', 'Zamora', 'Ashby', 'Bergstrom',
  'Cardenas', 'Dunleavy', 'Espinoza', 'Falkner', 'Grimaldi', 'Hoshino', 'Ingram', 'Kaczmarek', 'Lowther', 'Mendes'];

// ---------- entities ----------
const airports = [];
{
  const stems = shuffle(airportStems);
  let i = 0;
  while (airports.length < 80) {
    const stem = stems[i % stems.length]; i++;
    const n = uniq(() => `${stem} ${pick(airportSuffix)}`);
    airports.push(n);
  }
}
const airlines = [];
while (airlines.length < 60) airlines.push(uniq(() => `${pick(airlineStems)} ${pick(airlineSuffix)}`));
const people = [];
while (people.length < 150) people.push(uniq(() => `${pick(firstNames)} ${pick(surnames)}`));

const airframers = ['Halvorsen Aerospace', 'Aerion Dynamics', 'Brightline Aircraft', 'Tessaro Aeronautica', 'Kestrel Aviation Works',
  'Norrland Aero', 'Pacifica Aircraft Corporation', 'Vaughan-Ito Aerospace', 'Marchetti Avions', 'Sable Rotorcraft'];
const engineMakers = ['Corvane Engines', 'Vantor Propulsion', 'Ardent Turbine Company', 'Helix Power Systems', 'Moreau Motoristes'];
const manufacturers = [...airframers, ...engineMakers];
const modelCodes = {
  'Halvorsen Aerospace': ['H-220', 'H-320', 'H-340', 'H-450', 'H-560'],
  'Aerion Dynamics': ['AD-100', 'AD-140', 'AD-300X', 'Stratus 9'],
  'Brightline Aircraft': ['BL-70', 'BL-90', 'BL-190 Regional'],
  'Tessaro Aeronautica': ['T-42 Aquila', 'T-58 Falco', 'T-72 Nibbio', 'T-90 Grifone'],
  'Kestrel Aviation Works': ['KW-12', 'KW-18 Merlin', 'KW-24 Hobby'],
  'Norrland Aero': ['NA-600', 'NA-700', 'NA-900 Polar'],
  'Pacifica Aircraft Corporation': ['P-737 Tasman', 'P-777 Coral', 'P-787 Reef', 'P-797 Atoll'],
  'Vaughan-Ito Aerospace': ['VI-50', 'VI-80 Kaze', 'VI-120'],
  'Marchetti Avions': ['M-310', 'M-330', 'M-350 Lungo', 'M-380 Grande'],
  'Sable Rotorcraft': ['SR-5 Commuter', 'SR-9 Ferry', 'SR-11 Tilt', 'SR-21 Heavy'],
};
const models = []; const modelMaker = {};
for (const m of airframers) for (const c of modelCodes[m]) { const n = `${m.split(' ')[0]} ${c}`; used.add(n); models.push(n); modelMaker[n] = m; }
const engines = ['Corvane CF-90', 'Corvane CF-120', 'Corvane Aurora', 'Vantor V2500R', 'Vantor V3000', 'Ardent AT-7',
  'Ardent AT-9', 'Ardent Tempest', 'Helix HX-40', 'Helix HX-60', 'Moreau M88T', 'Moreau Solenne'];
const engineMaker = {};
for (const e of engines) { const pre = e.split(' ')[0]; engineMaker[e] = engineMakers.find((m) => m.startsWith(pre)); }
const alliances = ['SkyMeridian', 'Orbis Alliance', 'Polaris Partnership', 'Trade Winds Group', 'Constellation One'];
const regulators = ['Federal Aviation Directorate', 'European Air Safety Board', 'Civil Aeronautics Council of Japan',
  'Transport Canada Air Branch', 'Gulf Civil Aviation Authority', 'Southern Cross Aviation Safety Office',
  'Brazilian Air Certification Agency', 'Indian Directorate of Flight Standards'];
const regulatorHQ = ['Chicago', 'Toulouse', 'Tokyo', 'Montreal', 'Abu Dhabi', 'Sydney', 'Sao Paulo', 'Delhi'];
const lessors = ['Skyvault Leasing', 'Meridian Aircraft Capital', 'Corrib Aviation Finance', 'Atlas Lease Partners',
  'Bluewater Aircraft Leasing', 'Halden Capital Aviation', 'Ironbridge Lessors', 'Pacific Rim Aircraft Trust'];
const holdings = ['Verity Holdings', 'Northgale Group', 'Crescent Transport Holdings', 'Aerovista Group',
  'Meridian Infrastructure Fund', 'Harbourline Airports Company'];
const universities = ['Halvorsen Institute of Aeronautics', 'University of Redhaven', 'Royal College of Aviation',
  'Kingsferry Polytechnic', 'Northern Institute of Technology', 'Saint Aurel University', 'Pacific School of Engineering',
  'Escola Superior de Aeronautica', 'Tokyo Institute of Flight Sciences', 'Institut Aeronautique de Lyon',
  'Cape Technical University', 'Bangalore Institute of Aerospace'];
for (const n of [...manufacturers, ...engines, ...alliances, ...regulators, ...lessors, ...holdings, ...universities]) used.add(n);

// ---------- airports ----------
const airportCity = {};
const codes = new Set();
function newCode(len, base) {
  const L = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (let i = 0; i < 500; i++) {
    let c = (base || '').toUpperCase().replace(/[^A-Z]/g, '').slice(0, len);
    while (c.length < len) c += L[ri(0, 25)];
    if (i > 0) c = c.slice(0, 1) + Array.from({ length: len - 1 }, () => L[ri(0, 25)]).join('');
    if (!codes.has(c)) { codes.add(c); return c; }
  }
  throw new Error('code');
}
airports.forEach((a, i) => {
  const city = i < cities.length ? cities[i] : pick(cities);
  airportCity[a] = city;
  add(a, 'located_in', city);
  add(a, 'iata_code', newCode(3, a));
  const big = a.includes('International');
  add(a, 'runway_length_m', big ? ri(30, 42) * 100 : ri(16, 30) * 100);
  add(a, 'passenger_count', big ? ri(80, 650) * 100000 + ri(0, 99999) : ri(3, 60) * 100000 + ri(0, 99999));
  if (rnd() < 0.35) add(a, 'owned_by', pick(holdings));
});
const hubPool = airports.filter((a) => a.includes('International')).slice(0, 30);

// ---------- people pools ----------
const P = shuffle(people);
const ceoPool = P.slice(0, 60), founderPool = P.slice(60, 95), mfrPeople = P.slice(95, 112);
const lessorPeople = P.slice(112, 120), engineers = P.slice(120, 138), pilots = P.slice(138, 150);
for (const p of people) {
  const city = pick(cities);
  add(p, 'born_in', city);
  add(p, 'nationality', rnd() < 0.85 ? cityCountry[city] : pick(countries));
  if (rnd() < 0.8) add(p, 'educated_at', pick(universities));
}
universities.forEach((u, i) => add(u, 'located_in', ['Oslo', 'London', 'London', 'Manchester', 'Seattle', 'Paris', 'Vancouver', 'Lisbon', 'Tokyo', 'Lyon', 'Cape Town', 'Bangalore'][i]));

// ---------- manufacturers / engines / models ----------
manufacturers.forEach((m, i) => {
  add(m, 'headquarters', pick(['Seattle', 'Toulouse', 'Hamburg', 'Milan', 'Montreal', 'Sao Paulo', 'Osaka', 'Bergen', 'Manchester', 'Denver', 'Munich', 'Lyon']));
  add(m, 'founded_year', ri(1915, 1985));
  add(m, 'founder', mfrPeople[i % mfrPeople.length]);
  if (rnd() < 0.3) add(m, 'founder', pick(mfrPeople));
  add(m, 'ceo', mfrPeople[(i + 3) % mfrPeople.length]);
});
for (const e of engines) { add(e, 'built_by', engineMaker[e]); add(e, 'first_flight_year', ri(1975, 2018)); }
const regulatorOf = {};
regulators.forEach((r, i) => { add(r, 'headquarters', regulatorHQ[i]); add(r, 'founded_year', ri(1926, 1995)); });
for (const m of models) {
  add(m, 'manufacturer', modelMaker[m]);
  add(m, 'first_flight_year', ri(1968, 2021));
  for (const e of sample(engines, ri(1, 2))) add(m, 'powered_by', e);
  for (const r of sample(regulators, ri(1, 2))) add(m, 'certified_by', r);
  add(m, 'chief_designer', pick(engineers));
}
for (const e of engineers) for (const w of sample(manufacturers, ri(1, 2))) add(e, 'previously_worked_at', w);

// ---------- alliances / lessors / holdings ----------
const allianceHQ = ['Amsterdam', 'Singapore City', 'Toronto', 'Dubai', 'Frankfurt'];
alliances.forEach((a, i) => { add(a, 'headquarters', allianceHQ[i]); add(a, 'founded_year', ri(1995, 2012)); });
lessors.forEach((l, i) => { add(l, 'headquarters', pick(['London', 'Amsterdam', 'Singapore City', 'Miami', 'Dubai', 'Tokyo', 'Lisbon', 'Boston'])); add(l, 'ceo', lessorPeople[i]); add(l, 'founded_year', ri(1975, 2015)); });
holdings.forEach((h) => { add(h, 'headquarters', pick(cities)); add(h, 'founded_year', ri(1960, 2010)); });

// ---------- airlines ----------
const fleetTypes = ['narrowbody', 'widebody', 'mixed', 'regional turboprop', 'freighter'];
airlines.forEach((al, i) => {
  const hubs = sample(hubPool, rnd() < 0.3 ? 2 : 1);
  for (const h of hubs) add(al, 'hub', h);
  add(al, 'headquarters', airportCity[hubs[0]]);
  add(al, 'founded_year', ri(1928, 2019));
  add(al, 'iata_code', newCode(2, al.replace(/ /g, '').slice(0, 1)));
  add(al, 'fleet_type', al.includes('Cargo') ? 'freighter' : pick(fleetTypes.slice(0, 4)));
  add(al, 'ceo', ceoPool[i]);
  add(al, 'founder', rnd() < 0.1 ? ceoPool[i] : pick(founderPool));
  if (rnd() < 0.25) add(al, 'founder', pick(founderPool));
  if (rnd() < 0.75) add(al, 'alliance', pick(alliances));
  const fleet = sample(models, ri(2, 5));
  for (const m of fleet) add(al, 'operates', m);
  if (rnd() < 0.5) for (const m of sample(models, ri(1, 2))) add(al, 'leases', m);
  if (rnd() < 0.6) for (const m of sample(models, ri(1, 2))) add(al, 'ordered', m);
  const dests = sample(airports.filter((a) => !hubs.includes(a)), ri(4, 9));
  for (const d of dests) add(al, 'flies_to', d);
  for (const d of sample(dests, ri(1, 3))) add(al, 'serves', airportCity[d]);
  if (rnd() < 0.25) add(al, 'owned_by', pick(holdings));
  if (rnd() < 0.4) add(al, 'lessor', pick(lessors));
  if (rnd() < 0.5) add(al, 'chief_pilot', pick(pilots));
});
for (let k = 0; k < 30; k++) { const [a, b] = sample(airlines, 2); add(a, 'codeshares_with', b); }
for (let k = 0; k < 8; k++) { const [a, b] = sample(airlines, 2); add(a, 'merged_with', b); }
// career links
for (const p of ceoPool) for (const w of sample([...airlines, ...lessors, ...airframers], ri(1, 2))) add(p, 'previously_worked_at', w);
for (const p of founderPool) if (rnd() < 0.6) add(p, 'previously_worked_at', pick([...airlines, ...manufacturers]));
for (const p of [...mfrPeople, ...lessorPeople]) if (rnd() < 0.7) add(p, 'previously_worked_at', pick([...manufacturers, ...lessors, ...airlines]));
for (const p of pilots) for (const w of sample(airlines, ri(1, 2))) add(p, 'previously_worked_at', w);

// ---------- flight routes ----------
const routes = [];
const iataOf = {};
for (const [h, r, t] of triples) if (r === 'iata_code') iataOf[h] = t;
for (const al of shuffle(airlines).slice(0, 45)) {
  const hubs = triples.filter(([h, r]) => h === al && r === 'hub').map((x) => x[2]);
  const dests = triples.filter(([h, r]) => h === al && r === 'flies_to').map((x) => x[2]);
  for (let k = 0; k < ri(1, 2); k++) {
    const code = uniq(() => `${iataOf[al]} ${ri(10, 989)}`);
    routes.push(code);
    add(code, 'operated_by', al);
    add(code, 'departs_from', pick(hubs));
    add(code, 'arrives_at', pick(dests));
  }
}

// ---------- indexes ----------
const out = new Map(), inn = new Map();
function push(m, a, r, b) { if (!m.has(a)) m.set(a, new Map()); const x = m.get(a); if (!x.has(r)) x.set(r, []); x.get(r).push(b); }
for (const [h, r, t] of triples) { push(out, h, r, t); push(inn, t, r, h); }
function walk(start, path) {
  let cur = new Set([start]);
  for (const step of path.trim().split(/\s+/)) {
    const r = step.slice(0, -1), dir = step.slice(-1);
    const m = dir === '>' ? out : inn;
    const nxt = new Set();
    for (const n of cur) for (const x of (m.get(n)?.get(r) || [])) nxt.add(x);
    cur = nxt;
  }
  cur.delete(start);
  return [...cur].sort();
}

// ---------- questions ----------
// [path, pool, text(name), style]  style: 'lc' = all lower case, 'typo' = already contains a typo
const Q = [
  // ---- one relation (18)
  ['hub>', airlines, (x) => `What is the main hub of ${x}?`],
  ['hub<', hubPool, (x) => `Which airlines use ${x} as a hub?`],
  ['ceo>', airlines, (x) => `Who runs ${x} these days?`],
  ['operates<', models, (x) => `Which airlines fly the ${x}?`],
  ['manufacturer<', airframers, (x) => `What does ${x} build?`],
  ['founded_year>', airlines, (x) => `What year was ${x} founded?`],
  ['located_in>', airports, (x) => `Where is ${x} located?`],
  ['first_flight_year>', models, (x) => `When did the ${x} make its first flight?`],
  ['ordered<', models, (x) => `which carriers have placed orders for the ${x}`, 'lc'],
  ['alliance<', alliances, (x) => `List the member airlines of ${x}.`],
  ['founder>', airlines, (x) => `Who founded ${x}?`],
  ['born_in>', people, (x) => `Where was ${x} born?`],
  ['operated_by>', routes, (x) => `Which airline operates flight ${x}?`],
  ['powered_by>', models, (x) => `What engines power the ${x}?`],
  ['certified_by>', models, (x) => `Which authority type-certified the ${x}?`],
  ['iata_code<', airports.map((a) => out.get(a).get('iata_code')[0]), (x) => `Which airport has the IATA code ${x}?`],
  ['leases<', models, (x) => `Who is leasing the ${x}?`],
  ['chief_designer<', engineers, (x) => `Which aircraft did ${x} lead the design of?`],
  // ---- two relations (22)
  ['hub> located_in>', airlines, (x) => `In which city is the hub of ${x}?`],
  ['ceo> born_in>', airlines, (x) => `Where was the CEO of ${x} born?`],
  ['operated_by> alliance>', routes, (x) => `Which alliance does the operator of flight ${x} belong to?`],
  ['operates> manufacturer>', airlines, (x) => `Which manufacturers build the aircraft that ${x} flies?`],
  ['founder> educated_at>', airlines, (x) => `where did the founder of ${x} go to university`, 'lc'],
  ['hub< alliance>', hubPool, (x) => `Which alliances have a member airline hubbed at ${x}?`],
  ['ceo< hub>', ceoPool, (x) => `What's the hub airport of the airline that ${x} runs?`],
  ['located_in< hub<', cities, (x) => `Which airlines have a hub in ${x}?`],
  ['ordered< ceo>', models, (x) => `Who are the chief executives of the airlines that ordered the ${x}?`],
  ['powered_by> built_by>', models, (x) => `Who makes the engines on the ${x}?`],
  ['departs_from> located_in>', routes, (x) => `From which city does flight ${x} depart?`],
  ['born_in> located_in>', people, (x) => `In what country was ${x} born?`],
  ['ceo> previously_worked_at>', airlines, (x) => `Where did the ${x} chief executive work before taking the job?`],
  ['operated_by> hub>', routes, (x) => `What is the hub of the airline operating ${x}?`],
  ['chief_designer> educated_at>', models, (x) => `wich school trained the chief designer of the ${x}?`, 'typo'],
  ['operates< headquarters>', models, (x) => `In which cities are the operators of the ${x} based?`],
  ['certified_by> headquarters>', models, (x) => `Where is the regulator that certified the ${x} headquartered?`],
  ['merged_with> founded_year>', airlines, (x) => `When was the carrier that ${x} merged with founded?`],
  ['lessor> headquarters>', airlines, (x) => `where is the lessor of ${x} headquartered`, 'lc'],
  ['chief_pilot> born_in>', airlines, (x) => `Where was ${x}'s chief pilot born?`],
  ['founder< founded_year>', founderPool, (x) => `In what year was the airline founded by ${x} established?`],
  ['flies_to< alliance>', airports, (x) => `Which alliances are represented by airlines flying into ${x}?`],
  // ---- three relations (10)
  ['hub> located_in> located_in>', airlines, (x) => `In which country is the hub of ${x}?`],
  ['ordered< ceo> born_in>', models, (x) => `Where was the CEO of the airline that ordered the ${x} born?`],
  ['operated_by> ceo> nationality>', routes, (x) => `What nationality is the boss of the carrier that operates ${x}?`],
  ['operates> manufacturer> headquarters>', airlines, (x) => `where are the makers of the ${x} fleet headquartered`, 'lc'],
  ['located_in< hub< alliance>', cities, (x) => `Which alliances have members with a hub in ${x}?`],
  ['ceo> educated_at> located_in>', airlines, (x) => `In which city is the university that the ${x} CEO attended?`],
  ['powered_by> built_by> founder>', models, (x) => `Who founded the company that builds the engines for the ${x}?`],
  ['arrives_at> located_in> located_in>', routes, (x) => `which country does flight ${x} land in`, 'lc'],
  ['founder> born_in> located_in>', airlines, (x) => `In which country was the founder of ${x} borm?`, 'typo'],
  ['hub< ceo> previously_worked_at>', hubPool, (x) => `Where did the CEOs of airlines hubbed at ${x} work previously?`],
];

const usedStart = new Set();
const qLines = [], pLines = [];
const hops = { 1: 0, 2: 0, 3: 0 };
for (const [path, pool, text, style] of Q) {
  let chosen = null;
  for (const s of shuffle(pool)) {
    if (usedStart.has(s)) continue;
    const gold = walk(s, path);
    if (gold.length >= 1 && gold.length <= 10) { chosen = [s, gold]; break; }
  }
  if (!chosen) throw new Error(`no start entity for ${path}`);
  usedStart.add(chosen[0]);
  let q = text(chosen[0]);
  if (style === 'lc') q = q.toLowerCase();
  qLines.push(`${q}\t${chosen[1].join('|')}`);
  pLines.push(`${q}\t${path}`);
  hops[path.trim().split(/\s+/).length]++;
}

// ---------- checks + write ----------
for (const [h, r, t] of triples) if ([h, r, t].some((f) => !f || f.includes('|') || f.includes('\t') || f.includes('\n'))) throw new Error(`bad triple ${h}|${r}|${t}`);
const names = new Set(); for (const [h, , t] of triples) { names.add(h); names.add(t); }
for (const l of qLines) for (const g of l.split('\t')[1].split('|')) if (!names.has(g)) throw new Error(`gold not in kb: ${g}`);
if (qLines.length !== 50) throw new Error(`expected 50 questions, got ${qLines.length}`);
if (triples.length < 2000 || triples.length > 4000) throw new Error(`triple count ${triples.length}`);
const rels = [...new Set(triples.map((x) => x[1]))].sort();
if (rels.length < 25 || rels.length > 35) throw new Error(`relation count ${rels.length}`);

writeFileSync(join(OUT, 'kb.txt'), triples.map((x) => x.join('|')).join('\n') + '\n');
writeFileSync(join(OUT, 'questions.tsv'), qLines.join('\n') + '\n');
writeFileSync(join(OUT, 'paths.tsv'), pLines.join('\n') + '\n');
console.log(JSON.stringify({ triples: triples.length, relations: rels.length, entities: names.size, questions: qLines.length, hops, rels }, null, 1));
