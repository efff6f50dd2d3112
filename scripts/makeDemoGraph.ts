// Generates the bundled demo graph: a small, entirely fictional hospital network (sites, departments,
// clinicians, patients, drugs, trials, adverse events, manufacturers, suppliers) plus gold questions.
// Why a generator instead of a hand-written file: the graph has to stay internally consistent (a patient is
// treated by a clinician of the right specialty at the hospital they were admitted to, a trial enrols patients
// who have its target condition, …) and every gold answer must be exactly what the graph says, so both are
// derived from one seeded run. Same seed, same bytes.
//
//   node bin/run-ts.mjs scripts/makeDemoGraph.ts
//
// Writes resources/demo/{hospital-network.txt, questions.txt, questions.paths.json, README.md}.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { normalizeName } from '../src-main/common/normalizeName.js';
import { createPrng } from '../src-main/engine/random/prng.js';

const SEED = 20_240_611;
const OUT_DIR = fileURLToPath(new URL('../resources/demo/', import.meta.url));
const GRAPH_FILE = 'hospital-network.txt';

// ---------------------------------------------------------------------------------------------------------
// Seeded randomness: the same seed regenerates the same files.
const rand = createPrng(SEED).next;
const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const chance = (p: number): boolean => rand() < p;
function shuffle<T>(xs: readonly T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
const sample = <T>(xs: readonly T[], k: number): T[] => shuffle(xs).slice(0, Math.min(k, xs.length));

const DAY_MS = 86_400_000;
/** A uniformly random ISO date (YYYY-MM-DD) between two ISO dates, inclusive. */
function dateBetween(from: string, to: string): string {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  const days = Math.round((b - a) / DAY_MS);
  return new Date(a + int(0, days) * DAY_MS).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------
// Fixed vocabularies. Every proper name here is invented; conditions and drug classes are generic medical terms.

const CITIES = [
  'Harrowmere', 'Puerto Calvera', 'Wrenfield', 'Ostermoor', 'Södervik', 'Port-Aubrac',
  'Caldermoor', 'Nové Lhotice', 'Amberwick', 'Queensholt', 'Tallinford', 'Vila Serrana',
] as const;

interface HospitalSpec {
  name: string;
  /** Prefix for department names ("Northgate Cardiology Department"). */
  short: string;
  city: string;
  /** Specialties the site always has, on top of random ones. */
  core: string[];
}

const HOSPITALS: HospitalSpec[] = [
  { name: 'Northgate General Hospital', short: 'Northgate', city: 'Harrowmere', core: ['Cardiology', 'Pulmonology'] },
  { name: 'Clínica San Andrés', short: 'San Andrés', city: 'Puerto Calvera', core: ['Endocrinology'] },
  { name: 'St. Elowen Memorial Hospital', short: 'St. Elowen', city: 'Wrenfield', core: ['Neurology'] },
  { name: 'Bramblecote Infirmary', short: 'Bramblecote', city: 'Harrowmere', core: ['Rheumatology'] },
  { name: 'Lakeshore Regional Medical Center', short: 'Lakeshore', city: 'Ostermoor', core: ['Gastroenterology'] },
  { name: 'Kvarnby University Hospital', short: 'Kvarnby', city: 'Södervik', core: ['Oncology', 'Nephrology'] },
  { name: 'Hôpital Sainte-Maëlle', short: 'Sainte-Maëlle', city: 'Port-Aubrac', core: ['Dermatology'] },
  { name: 'Ridgeway Community Hospital', short: 'Ridgeway', city: 'Wrenfield', core: ['Psychiatry'] },
  { name: 'Marrowfield Cancer Institute', short: 'Marrowfield', city: 'Ostermoor', core: ['Oncology', 'Infectious Diseases'] },
];

interface SpecialtySpec {
  conditions: string[];
  drugClasses: string[];
}

const SPECIALTIES: Record<string, SpecialtySpec> = {
  Cardiology: { conditions: ['Hypertension', 'Atrial Fibrillation', 'Heart Failure'], drugClasses: ['beta blocker', 'ACE inhibitor', 'anticoagulant'] },
  Pulmonology: {
    conditions: ['Asthma', 'Chronic Obstructive Pulmonary Disease', 'Pulmonary Fibrosis'],
    drugClasses: ['inhaled corticosteroid', 'bronchodilator', 'antifibrotic'],
  },
  Endocrinology: { conditions: ['Type 2 Diabetes', 'Hypothyroidism'], drugClasses: ['biguanide', 'GLP-1 receptor agonist', 'thyroid hormone analogue'] },
  Neurology: {
    conditions: ['Migraine', 'Epilepsy', 'Multiple Sclerosis', "Parkinson's Disease"],
    drugClasses: ['triptan', 'anticonvulsant', 'dopamine agonist', 'monoclonal antibody'],
  },
  Oncology: { conditions: ['Non-Small Cell Lung Cancer', 'Melanoma', 'Colorectal Cancer'], drugClasses: ['kinase inhibitor', 'monoclonal antibody', 'alkylating agent'] },
  Rheumatology: { conditions: ['Rheumatoid Arthritis', 'Systemic Lupus Erythematosus'], drugClasses: ['JAK inhibitor', 'monoclonal antibody', 'immunosuppressant'] },
  Nephrology: { conditions: ['Chronic Kidney Disease'], drugClasses: ['phosphate binder', 'ACE inhibitor'] },
  Gastroenterology: { conditions: ["Crohn's Disease", 'Ulcerative Colitis'], drugClasses: ['immunosuppressant', 'monoclonal antibody', 'aminosalicylate'] },
  Dermatology: { conditions: ['Psoriasis', 'Atopic Dermatitis'], drugClasses: ['topical corticosteroid', 'JAK inhibitor', 'monoclonal antibody'] },
  Psychiatry: { conditions: ['Major Depressive Disorder', 'Generalized Anxiety Disorder'], drugClasses: ['SSRI', 'SNRI'] },
  'Infectious Diseases': { conditions: ['Hepatitis C', 'Tuberculosis'], drugClasses: ['antiviral', 'antibiotic'] },
};

const DRUG_NAMES = [
  'Veloxamide', 'Corvistat', 'Pulmitrex', 'Glycorane', 'Zentorix', 'Halomepran', 'Quvastin', 'Drelixumab',
  'Oravestide', 'Tevrolimab', 'Sylvapine', 'Myrtocaine', 'Lunabrexant', 'Corvelan', 'Pentafloxil', 'Ixarelin',
  'Nomidral', 'Virelotide', 'Besqualin', 'Ostrafen', 'Kallidrone', 'Fenumastat', 'Taveprazole', 'Ulmotinib',
  'Rezafolin', 'Glimoravir', 'Prestolol', 'Vandrapril', 'Solvicort', 'Axonelle', 'Emberlizumab', 'Jorvatide',
];
const DOSAGES_MG = [2.5, 5, 10, 20, 25, 40, 50, 75, 100, 150, 200, 250, 300, 400, 500, 750, 1000];

const MANUFACTURERS = [
  'Quillfeather Therapeutics', 'Brannoch Pharma', 'Halvard & Lune Biologics', 'Ostervik Laboratories',
  'Calloway-Neme Pharmaceuticals', 'Sunderhaven Biosciences', 'Laboratorios Ibáñez Verde', 'Pell & Corrow Medicines',
  'Nordmarka Biotech', 'Tessaline Pharma',
];
const SUPPLIERS = ['Greywater Medical Supply', 'Ambervale Distribution', 'Distribuidora Mérida Sur', 'Kestrel Health Logistics', 'Fenwick & Aube Supplies'];

const TRIAL_NAMES = [
  'AURORA-HF', 'BRIGHTWATER-2', 'CALDERA-1', 'DAWNLINE-3', 'EMBERTIDE', 'FERNHOLLOW-2', 'GLASSWING-1',
  'HALCYON-RA', 'IRONBARK-3', 'JUNIPER-MS', 'KESTREL-2', 'LANTERN-CKD', 'MOONGATE-1', 'NIGHTJAR-3',
  'ORCHARD-T2D', 'PERIWINKLE-2', 'QUARTZ-AF', 'ROSEBAY-1', 'SALTMARSH-3', 'TIDEPOOL-2',
];
const PHASES = ['Phase 1', 'Phase 2', 'Phase 3'];
const SEVERITIES = ['mild', 'moderate', 'severe'];
const REACTIONS = [
  'nausea', 'skin rash', 'headache', 'dizziness', 'fatigue', 'elevated liver enzymes', 'insomnia',
  'injection site reaction', 'peripheral edema', 'bradycardia', 'hypoglycemia', 'blurred vision',
];

const FIRST_NAMES = [
  'Zoë', 'Søren', 'Agnès', 'José', 'Łukasz', 'Inés', 'Björn', 'Chloé', 'Mátyás', 'Renée', 'Anaïs', 'Dagný',
  'Amara', 'Tobias', 'Priya', 'Callum', 'Yusuf', 'Ingrid', 'Matteo', 'Hana', 'Declan', 'Leila', 'Orla', 'Kwame',
  'Noor', 'Felix', 'Marisol', 'Anton', 'Saoirse', 'Teodor', 'Imani', 'Rafael', 'Elif', 'Casper', 'Mirela', 'Jonah',
  'Ayesha', 'Lorcan', 'Fenna', 'Dmitri', 'Beatriz', 'Oskar', 'Thandiwe', 'Emil', 'Rosalind', 'Kenji', 'Valentina',
  'Ruairí', 'Astrid', 'Idris', 'Maren', 'Cyprian', 'Juniper', 'Esmé', 'Bastian', 'Niamh', 'Aurelio', 'Linnea',
  'Tomás', 'Farida', 'Hugo', 'Sunniva', 'Ezra', 'Paloma', 'Viggo', 'Delphine', 'Arjun', 'Kalinda', 'Magnus', 'Odile',
];
const LAST_NAMES = [
  'Lindqvist', 'Østergaard', 'Núñez', 'Kowalczyk', 'Brønstad', 'Çelik', 'Hallorann', 'Abernethy', 'Vasquez-Orme',
  'Thistlewood', 'Marchetti', 'Okonkwo', 'Halvorsen', 'Dubois-Marlé', 'Ferreira', 'Castellanos', 'Ashdown',
  'Whitlock', 'Nakamura', 'Petrović', 'Quennell', 'Rasmussen', 'Sorrentino', 'Takács', 'Underhill', 'Varga',
  'Wexley', 'Yilmaz', 'Zielinski', 'Achterberg', 'Blackwood', 'Carrow', 'Delacroix-Finn', 'Eriksdottir', 'Fairbairn',
  'Gallagher', 'Hoffstetter', 'Iwu', 'Jankowska', 'Kerrigan', 'Løvlie', 'Moreau', 'Nwosu', "O'Farrell", 'Pellegrini',
  'Quintero', 'Ravensworth', 'Strand', 'Tavernier', 'Umarov', 'Vidal', 'Wainwright', 'Ximénez', 'Yardley', 'Zamora',
  'Brightwell', 'Coldridge', 'Dunmore', 'Elsworth', 'Fontaine', 'Greenhalgh', 'Hartigan', 'Ingleby', 'Juárez',
  'Kingsley-Rao', 'Lockhart', 'Mbeki-Stone', 'Norcross', 'Oyelaran', 'Penhaligon',
];

// ---------------------------------------------------------------------------------------------------------
// The graph under construction: triples deduplicated, each entity given exactly one type.

type Direction = 'out' | 'in';
interface Step {
  relation: string;
  direction: Direction;
}

const LITERAL_TYPES = new Set(['Date', 'Year', 'Number']);

class DemoGraph {
  readonly triples: [string, string, string][] = [];
  readonly typeOf = new Map<string, string>();
  private readonly keys = new Set<string>();
  private readonly index = new Map<string, string[]>();

  entity(name: string, type: string): string {
    if (/[|\t\n\r]/.test(name) || name.trim() !== name || name === '') throw new Error(`bad entity name: ${JSON.stringify(name)}`);
    const had = this.typeOf.get(name);
    if (had !== undefined && had !== type) throw new Error(`"${name}" is both ${had} and ${type}`);
    this.typeOf.set(name, type);
    return name;
  }

  add(head: string, relation: string, tail: string): void {
    if (!this.typeOf.has(head) || !this.typeOf.has(tail)) throw new Error(`untyped entity in ${head}|${relation}|${tail}`);
    const key = `${head}\u0000${relation}\u0000${tail}`;
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.triples.push([head, relation, tail]);
    this.push(`${head}\u0000${relation}\u0000out`, tail);
    this.push(`${tail}\u0000${relation}\u0000in`, head);
  }

  /** Literal tails (dates, years, numbers) are typed on the fly. */
  literal(head: string, relation: string, value: string | number, type: 'Date' | 'Year' | 'Number'): void {
    this.add(head, relation, this.entity(String(value), type));
  }

  private push(key: string, value: string): void {
    const list = this.index.get(key);
    if (list) list.push(value);
    else this.index.set(key, [value]);
  }

  step(from: string, s: Step): string[] {
    return this.index.get(`${from}\u0000${s.relation}\u0000${s.direction}`) ?? [];
  }

  /** Every entity reached from `start` by following the steps in order (a set, in discovery order). */
  follow(start: string, path: Step[]): string[] {
    let frontier = [start];
    for (const s of path) {
      const next = new Set<string>();
      for (const u of frontier) for (const v of this.step(u, s)) next.add(v);
      frontier = [...next];
    }
    return frontier;
  }

  ofType(type: string): string[] {
    return [...this.typeOf].filter(([, t]) => t === type).map(([n]) => n);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Building the network.

function buildGraph(): DemoGraph {
  const g = new DemoGraph();
  const usedPeople = new Set<string>();
  const personName = (): string => {
    for (;;) {
      const n = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
      if (!usedPeople.has(n)) {
        usedPeople.add(n);
        return n;
      }
    }
  };

  for (const c of CITIES) g.entity(c, 'City');
  for (const s of Object.keys(SPECIALTIES)) g.entity(s, 'Specialty');
  for (const p of PHASES) g.entity(p, 'Phase');
  for (const s of SEVERITIES) g.entity(s, 'Severity');
  for (const r of REACTIONS) g.entity(r, 'Reaction');
  const conditionSpecialty = new Map<string, string>();
  for (const [spec, { conditions, drugClasses }] of Object.entries(SPECIALTIES)) {
    for (const c of conditions) {
      g.entity(c, 'Condition');
      conditionSpecialty.set(c, spec);
    }
    for (const d of drugClasses) g.entity(d, 'DrugClass');
  }
  const conditions = [...conditionSpecialty.keys()];

  // Companies.
  for (const m of MANUFACTURERS) {
    g.entity(m, 'Manufacturer');
    g.add(m, 'headquartered_in', pick(CITIES));
    g.literal(m, 'founded_year', int(1891, 2014), 'Year');
  }
  for (const s of SUPPLIERS) {
    g.entity(s, 'Supplier');
    g.add(s, 'headquartered_in', pick(CITIES));
  }

  // Drugs: the first pass gives every condition at least one drug; the rest are spread at random.
  const drugsFor = new Map<string, string[]>(conditions.map((c) => [c, []]));
  const drugPrimary = new Map<string, string>();
  DRUG_NAMES.forEach((d, i) => {
    g.entity(d, 'Drug');
    const primary = i < conditions.length ? conditions[i] : pick(conditions);
    const spec = SPECIALTIES[conditionSpecialty.get(primary)!];
    drugPrimary.set(d, primary);
    const indications = [primary];
    if (spec.conditions.length > 1 && chance(0.35)) indications.push(pick(spec.conditions.filter((c) => c !== primary)));
    for (const c of indications) {
      g.add(d, 'indicated_for', c);
      drugsFor.get(c)!.push(d);
    }
    g.add(d, 'drug_class', pick(spec.drugClasses));
    g.add(d, 'manufactured_by', pick(MANUFACTURERS));
    g.literal(d, 'dosage_mg', pick(DOSAGES_MG), 'Number');
  });
  for (const s of SUPPLIERS) for (const d of sample(DRUG_NAMES, int(4, 8))) g.add(s, 'distributes', d);

  // Hospitals, departments, clinicians.
  const departmentsAt = new Map<string, Map<string, string[]>>(); // hospital → specialty → clinicians
  const specialtyNames = Object.keys(SPECIALTIES);
  for (const h of HOSPITALS) {
    g.entity(h.name, 'Hospital');
    g.add(h.name, 'located_in', h.city);
    g.literal(h.name, 'bed_count', int(9, 90) * 10 + pick([0, 4, 8]), 'Number');
    g.literal(h.name, 'opened_on', dateBetween('1921-01-01', '2012-12-31'), 'Date');
    for (const s of sample(SUPPLIERS, int(1, 2))) g.add(h.name, 'supplied_by', s);

    const extra = sample(specialtyNames.filter((s) => !h.core.includes(s)), int(3, 5) - Math.min(h.core.length, 2) + 1);
    const specs = [...h.core, ...extra].sort((a, b) => specialtyNames.indexOf(a) - specialtyNames.indexOf(b));
    const byDept = new Map<string, string[]>();
    for (const spec of specs) {
      const dept = g.entity(`${h.short} ${spec} Department`, 'Department');
      g.add(dept, 'part_of', h.name);
      const staff: string[] = [];
      const size = h.core.includes(spec) ? int(2, 4) : int(1, 3);
      for (let k = 0; k < size; k++) {
        const c = g.entity(personName(), 'Clinician');
        g.add(c, 'works_at', h.name);
        g.add(c, 'member_of', dept);
        g.add(c, 'specialty', spec);
        staff.push(c);
      }
      g.add(staff[0], 'heads', dept);
      byDept.set(spec, staff);
    }
    departmentsAt.set(h.name, byDept);
  }

  // Patients: conditions the admitting hospital can treat, a clinician of that specialty there, and a drug for it.
  const patientsWith = new Map<string, string[]>(); // `${hospital}\0${condition}` → patients
  const patientCount = 270;
  for (let k = 0; k < patientCount; k++) {
    const h = pick(HOSPITALS).name;
    const depts = departmentsAt.get(h)!;
    const treatable = conditions.filter((c) => depts.has(conditionSpecialty.get(c)!));
    const p = g.entity(personName(), 'Patient');
    g.literal(p, 'birth_year', int(1938, 2012), 'Year');
    g.add(p, 'admitted_to', h);
    g.literal(p, 'admitted_on', dateBetween('2019-01-01', '2024-12-31'), 'Date');
    const n = chance(0.6) ? 1 : chance(0.8) ? 2 : 3;
    for (const c of sample(treatable, n)) {
      g.add(p, 'diagnosed_with', c);
      g.add(p, 'treated_by', pick(depts.get(conditionSpecialty.get(c)!)!));
      if (chance(0.85)) g.add(p, 'prescribed', pick(drugsFor.get(c)!));
      const key = `${h}\u0000${c}`;
      patientsWith.set(key, [...(patientsWith.get(key) ?? []), p]);
    }
  }

  // Trials: test one drug for its primary condition at 1–3 sites that have the matching department; the
  // principal investigator is a specialist at the first site; enrolment comes from the sites' own patients.
  const trialDrugs = sample(DRUG_NAMES, TRIAL_NAMES.length);
  let aeSeq = 0;
  TRIAL_NAMES.forEach((t, i) => {
    g.entity(t, 'Trial');
    const drug = trialDrugs[i];
    const condition = drugPrimary.get(drug)!;
    const spec = conditionSpecialty.get(condition)!;
    const sites = sample(HOSPITALS.filter((h) => departmentsAt.get(h.name)!.has(spec)).map((h) => h.name), int(1, 3));
    const maker = g.step(drug, { relation: 'manufactured_by', direction: 'out' })[0];
    g.add(t, 'tests_drug', drug);
    g.add(t, 'targets_condition', condition);
    g.add(t, 'sponsored_by', chance(0.75) ? maker : pick(MANUFACTURERS.filter((m) => m !== maker)));
    g.add(t, 'phase', pick(PHASES));
    const start = dateBetween('2017-01-01', '2024-06-30');
    g.literal(t, 'start_date', start, 'Date');
    g.literal(t, 'target_enrollment', int(4, 60) * 10, 'Number');
    for (const s of sites) g.add(t, 'conducted_at', s);
    g.add(t, 'principal_investigator', pick(departmentsAt.get(sites[0])!.get(spec)!));

    const pool = sites.flatMap((s) => patientsWith.get(`${s}\u0000${condition}`) ?? []);
    const enrolled = sample(pool, int(2, 9));
    for (const p of enrolled) g.add(p, 'enrolled_in', t);

    // Adverse events: reported during the trial, for its drug, by one of its patients.
    if (enrolled.length === 0) return;
    const startYear = Number(start.slice(0, 4));
    for (let k = int(2, 5); k > 0; k--) {
      const reported = dateBetween(start, `${Math.min(startYear + 2, 2024)}-12-31`);
      const ae = g.entity(`AE-${reported.slice(0, 4)}-${String(++aeSeq).padStart(3, '0')}`, 'AdverseEvent');
      g.add(ae, 'reported_in', t);
      g.add(ae, 'reported_for', drug);
      g.add(ae, 'experienced_by', pick(enrolled));
      g.add(ae, 'reaction', pick(REACTIONS));
      g.add(ae, 'severity', chance(0.5) ? 'mild' : chance(0.7) ? 'moderate' : 'severe');
      g.literal(ae, 'reported_on', reported, 'Date');
    }
  });
  return g;
}

// ---------------------------------------------------------------------------------------------------------
// Gold questions. Each type is a relation path from a topic entity (optionally intersected with the entities
// reached from a second topic), a candidate topic list, and several phrasings written for that path.

const out = (relation: string): Step => ({ relation, direction: 'out' });
const inn = (relation: string): Step => ({ relation, direction: 'in' });

interface QuestionType {
  id: string;
  kind: '1-hop' | '2-hop' | '3-hop' | 'two-topic';
  /** Entity type of the (first) topic. */
  topic: string;
  path: Step[];
  /** For two-topic questions: type of the second topic and the path from it whose end set constrains answers. */
  constraint?: { topic: string; path: Step[] };
  /** Phrasings; {A} is the first topic, {B} the second. */
  templates: string[];
  count: number;
}

const QUESTION_TYPES: QuestionType[] = [
  // ---- 1-hop
  { id: 'hospital_to_city', kind: '1-hop', topic: 'Hospital', path: [out('located_in')], count: 2,
    templates: ['In which city is {A} located?', 'which city is {A} in', 'where is {A}'] },
  { id: 'hospital_to_bed_count', kind: '1-hop', topic: 'Hospital', path: [out('bed_count')], count: 1,
    templates: ['How many beds does {A} have?', 'what is the bed count of {A}'] },
  { id: 'hospital_to_opening_date', kind: '1-hop', topic: 'Hospital', path: [out('opened_on')], count: 1,
    templates: ['When did {A} open?', 'on what date did {A} first open its doors'] },
  { id: 'drug_to_manufacturer', kind: '1-hop', topic: 'Drug', path: [out('manufactured_by')], count: 2,
    templates: ['Who manufactures {A}?', 'which company makes {A}', '{A} is produced by which manufacturer?'] },
  { id: 'drug_to_class', kind: '1-hop', topic: 'Drug', path: [out('drug_class')], count: 1,
    templates: ['What class of drug is {A}?', '{A} belongs to which drug class'] },
  { id: 'drug_to_dosage', kind: '1-hop', topic: 'Drug', path: [out('dosage_mg')], count: 1,
    templates: ['What is the dosage of {A} in mg?', 'how many milligrams is a dose of {A}'] },
  { id: 'trial_to_pi', kind: '1-hop', topic: 'Trial', path: [out('principal_investigator')], count: 2,
    templates: ['Who is the principal investigator of the {A} trial?', 'who leads {A}', 'which clinician is the PI on {A}'] },
  { id: 'trial_to_start_date', kind: '1-hop', topic: 'Trial', path: [out('start_date')], count: 1,
    templates: ['When did the {A} trial start?', 'what is the start date of {A}'] },
  { id: 'trial_to_phase', kind: '1-hop', topic: 'Trial', path: [out('phase')], count: 1,
    templates: ['What phase is the {A} trial in?', '{A} is a trial in which phase'] },
  { id: 'trial_to_sponsor', kind: '1-hop', topic: 'Trial', path: [out('sponsored_by')], count: 1,
    templates: ['Who sponsors the {A} trial?', 'which company is the sponsor of {A}'] },
  { id: 'patient_to_condition', kind: '1-hop', topic: 'Patient', path: [out('diagnosed_with')], count: 2,
    templates: ['What has {A} been diagnosed with?', 'which conditions does {A} have', "what is {A}'s diagnosis"] },
  { id: 'department_to_head', kind: '1-hop', topic: 'Department', path: [inn('heads')], count: 1,
    templates: ['Who heads the {A}?', 'who is the head of the {A}'] },
  { id: 'manufacturer_to_city', kind: '1-hop', topic: 'Manufacturer', path: [out('headquartered_in')], count: 1,
    templates: ['Where is {A} headquartered?', 'in which city is {A} based'] },
  { id: 'clinician_to_hospital', kind: '1-hop', topic: 'Clinician', path: [out('works_at')], count: 1,
    templates: ['Where does {A} work?', 'which hospital employs {A}'] },
  { id: 'condition_to_drug', kind: '1-hop', topic: 'Condition', path: [inn('indicated_for')], count: 1,
    templates: ['Which drugs are indicated for {A}?', 'what can be prescribed for {A}'] },

  // ---- 2-hop
  { id: 'patient_to_clinician_to_hospital', kind: '2-hop', topic: 'Patient', path: [out('treated_by'), out('works_at')], count: 1,
    templates: ['At which hospital does the clinician treating {A} work?', "where do {A}'s doctors work"] },
  { id: 'patient_to_hospital_to_city', kind: '2-hop', topic: 'Patient', path: [out('admitted_to'), out('located_in')], count: 1,
    templates: ['In which city was {A} admitted to hospital?', '{A} was admitted to a hospital in which city'] },
  { id: 'trial_to_drug_to_manufacturer', kind: '2-hop', topic: 'Trial', path: [out('tests_drug'), out('manufactured_by')], count: 2,
    templates: ['Which company makes the drug tested in {A}?', 'who manufactures the drug being trialled in the {A} study'] },
  { id: 'drug_to_manufacturer_to_city', kind: '2-hop', topic: 'Drug', path: [out('manufactured_by'), out('headquartered_in')], count: 2,
    templates: ['In which city is the maker of {A} headquartered?', 'where is the company that manufactures {A} based'] },
  { id: 'trial_to_pi_to_hospital', kind: '2-hop', topic: 'Trial', path: [out('principal_investigator'), out('works_at')], count: 1,
    templates: ['Where does the principal investigator of {A} work?', 'which hospital employs the PI of the {A} trial'] },
  { id: 'clinician_to_patient_to_condition', kind: '2-hop', topic: 'Clinician', path: [inn('treated_by'), out('diagnosed_with')], count: 2,
    templates: ['What conditions do the patients of {A} have?', 'which diagnoses do patients treated by {A} have'] },
  { id: 'condition_to_drug_to_manufacturer', kind: '2-hop', topic: 'Condition', path: [inn('indicated_for'), out('manufactured_by')], count: 1,
    templates: ['Which companies make drugs for {A}?', 'who manufactures the drugs indicated for {A}'] },
  { id: 'trial_to_drug_to_class', kind: '2-hop', topic: 'Trial', path: [out('tests_drug'), out('drug_class')], count: 1,
    templates: ['What class of drug is tested in the {A} trial?', 'the drug studied in {A} belongs to which class'] },
  { id: 'drug_to_adverse_event_to_severity', kind: '2-hop', topic: 'Drug', path: [inn('reported_for'), out('severity')], count: 1,
    templates: ['How severe were the adverse events reported for {A}?', 'what severities did adverse events on {A} have'] },
  { id: 'manufacturer_to_trial_to_drug', kind: '2-hop', topic: 'Manufacturer', path: [inn('sponsored_by'), out('tests_drug')], count: 1,
    templates: ['Which drugs are tested in trials sponsored by {A}?', 'what drugs does {A} sponsor trials for'] },
  { id: 'hospital_to_trial_to_pi', kind: '2-hop', topic: 'Hospital', path: [inn('conducted_at'), out('principal_investigator')], count: 1,
    templates: ['Who leads the trials run at {A}?', 'which principal investigators head trials conducted at {A}'] },
  { id: 'patient_to_trial_to_drug', kind: '2-hop', topic: 'Patient', path: [out('enrolled_in'), out('tests_drug')], count: 1,
    templates: ['Which drugs are being tested in the trials {A} is enrolled in?', 'what drug is trialled in the study that {A} joined'] },
  { id: 'drug_to_patient_to_hospital', kind: '2-hop', topic: 'Drug', path: [inn('prescribed'), out('admitted_to')], count: 1,
    templates: ['At which hospitals have patients been prescribed {A}?', 'where were the patients who take {A} admitted'] },
  { id: 'trial_to_adverse_event_to_reaction', kind: '2-hop', topic: 'Trial', path: [inn('reported_in'), out('reaction')], count: 1,
    templates: ['What adverse reactions were reported in the {A} trial?', 'which side effects came up during {A}'] },
  { id: 'condition_to_trial_to_sponsor', kind: '2-hop', topic: 'Condition', path: [inn('targets_condition'), out('sponsored_by')], count: 1,
    templates: ['Which companies sponsor trials targeting {A}?', 'who funds the clinical trials on {A}'] },
  { id: 'supplier_to_hospital_to_city', kind: '2-hop', topic: 'Supplier', path: [inn('supplied_by'), out('located_in')], count: 1,
    templates: ['In which cities are the hospitals supplied by {A}?', '{A} supplies hospitals in which cities'] },

  // ---- 3-hop
  { id: 'patient_to_trial_to_drug_to_manufacturer', kind: '3-hop', topic: 'Patient', path: [out('enrolled_in'), out('tests_drug'), out('manufactured_by')], count: 1,
    templates: ['Who manufactures the drug tested in the trial that {A} is enrolled in?', 'which company makes the drug under study in the trials {A} takes part in'] },
  { id: 'trial_to_drug_to_manufacturer_to_city', kind: '3-hop', topic: 'Trial', path: [out('tests_drug'), out('manufactured_by'), out('headquartered_in')], count: 2,
    templates: ['In which city is the maker of the drug tested in {A} headquartered?', 'where is the manufacturer of the {A} trial drug based'] },
  { id: 'patient_to_clinician_to_hospital_to_city', kind: '3-hop', topic: 'Patient', path: [out('treated_by'), out('works_at'), out('located_in')], count: 1,
    templates: ["In which city do {A}'s clinicians work?", 'the doctors treating {A} work at hospitals in which city'] },
  { id: 'condition_to_trial_to_pi_to_hospital', kind: '3-hop', topic: 'Condition', path: [inn('targets_condition'), out('principal_investigator'), out('works_at')], count: 1,
    templates: ['Where do the principal investigators of trials targeting {A} work?', 'which hospitals employ the investigators leading {A} trials'] },
  { id: 'manufacturer_to_trial_to_site_to_city', kind: '3-hop', topic: 'Manufacturer', path: [inn('sponsored_by'), out('conducted_at'), out('located_in')], count: 1,
    templates: ['In which cities do trials sponsored by {A} take place?', 'where are the hospitals running {A}-sponsored trials located'] },
  { id: 'drug_to_trial_to_site_to_city', kind: '3-hop', topic: 'Drug', path: [inn('tests_drug'), out('conducted_at'), out('located_in')], count: 1,
    templates: ['In which cities is {A} being trialled?', 'the trials of {A} run at hospitals in which cities'] },
  { id: 'clinician_to_trial_to_drug_to_class', kind: '3-hop', topic: 'Clinician', path: [inn('principal_investigator'), out('tests_drug'), out('drug_class')], count: 1,
    templates: ['What classes of drugs are tested in trials led by {A}?', 'the trials where {A} is principal investigator test drugs of which class'] },
  { id: 'city_to_manufacturer_to_drug_to_class', kind: '3-hop', topic: 'City', path: [inn('headquartered_in'), inn('manufactured_by'), out('drug_class')], count: 1,
    templates: ['What drug classes are made by manufacturers headquartered in {A}?', 'companies based in {A} produce drugs of which classes'] },
  { id: 'clinician_to_patient_to_trial_to_sponsor', kind: '3-hop', topic: 'Clinician', path: [inn('treated_by'), out('enrolled_in'), out('sponsored_by')], count: 1,
    templates: ['Which companies sponsor the trials that patients of {A} are enrolled in?', 'who sponsors the studies in which patients treated by {A} take part'] },

  // ---- two topic entities: answers = path(A) ∩ constraint path(B)
  { id: 'condition_to_patient_to_clinician_at_hospital', kind: 'two-topic', topic: 'Condition', path: [inn('diagnosed_with'), out('treated_by')],
    constraint: { topic: 'Hospital', path: [inn('works_at')] }, count: 2,
    templates: ['Which clinicians at {B} treat patients diagnosed with {A}?', 'who at {B} looks after patients with {A}'] },
  { id: 'drug_to_patient_admitted_to_hospital', kind: 'two-topic', topic: 'Drug', path: [inn('prescribed')],
    constraint: { topic: 'Hospital', path: [inn('admitted_to')] }, count: 1,
    templates: ['Which patients admitted to {B} were prescribed {A}?', 'who was given {A} at {B}'] },
  { id: 'manufacturer_to_trial_at_hospital', kind: 'two-topic', topic: 'Manufacturer', path: [inn('sponsored_by')],
    constraint: { topic: 'Hospital', path: [inn('conducted_at')] }, count: 1,
    templates: ['Which trials sponsored by {A} are run at {B}?', 'what {A} trials take place at {B}'] },
  { id: 'manufacturer_to_drug_for_condition', kind: 'two-topic', topic: 'Manufacturer', path: [inn('manufactured_by')],
    constraint: { topic: 'Condition', path: [inn('indicated_for')] }, count: 1,
    templates: ['Which drugs made by {A} are indicated for {B}?', 'what does {A} manufacture for {B}'] },
  { id: 'trial_to_patient_with_adverse_event_severity', kind: 'two-topic', topic: 'Trial', path: [inn('enrolled_in')],
    constraint: { topic: 'Severity', path: [inn('severity'), out('experienced_by')] }, count: 1,
    templates: ['Which patients in the {A} trial had a {B} adverse event?', 'who enrolled in {A} experienced a {B} side effect'] },
  { id: 'city_to_clinician_with_specialty', kind: 'two-topic', topic: 'City', path: [inn('located_in'), inn('works_at')],
    constraint: { topic: 'Specialty', path: [inn('specialty')] }, count: 1,
    templates: ['Which clinicians specialising in {B} work at hospitals in {A}?', 'who practises {B} in {A}'] },
  { id: 'condition_to_patient_born_in_year', kind: 'two-topic', topic: 'Condition', path: [inn('diagnosed_with')],
    constraint: { topic: 'Year', path: [inn('birth_year')] }, count: 1,
    templates: ['Which patients born in {B} have been diagnosed with {A}?', 'who born in {B} has {A}'] },
  { id: 'hospital_to_trial_drug_of_class', kind: 'two-topic', topic: 'Hospital', path: [inn('conducted_at'), out('tests_drug')],
    constraint: { topic: 'DrugClass', path: [inn('drug_class')] }, count: 1,
    templates: ['Which {B} drugs are tested in trials at {A}?', 'what {B} is being trialled at {A}'] },
];

interface GoldQuestion {
  line: number;
  id: string;
  type: string;
  kind: QuestionType['kind'];
  hops: number;
  question: string;
  topics: string[];
  path: Step[];
  constraint?: { topic: string; path: Step[] };
  answers: string[];
}

const MIN_ANSWERS = 1;
const MAX_ANSWERS = 5;

/** How a topic reads mid-sentence: generic lowercase terms stay lowercase, names keep their capitals. */
function mention(name: string, type: string, bracket: boolean): string {
  if (bracket) return `[${name}]`;
  if ((type === 'Condition' || type === 'Specialty') && !name.includes("'")) return name.toLowerCase();
  return name;
}

function buildQuestions(g: DemoGraph): GoldQuestion[] {
  const questions: GoldQuestion[] = [];
  const usedTopics = new Map<string, number>();
  const seenText = new Set<string>();
  for (const qt of QUESTION_TYPES) {
    // Candidates: every (topic[, topic]) whose answer set is small and non-empty.
    const firsts = g.ofType(qt.topic);
    const seconds = qt.constraint ? g.ofType(qt.constraint.topic) : [undefined];
    const candidates: { topics: string[]; answers: string[] }[] = [];
    for (const a of firsts) {
      const reached = g.follow(a, qt.path);
      for (const b of seconds) {
        let answers = reached;
        if (b !== undefined && qt.constraint) {
          const allowed = new Set(g.follow(b, qt.constraint.path));
          answers = answers.filter((x) => allowed.has(x));
        }
        const topics = b === undefined ? [a] : [a, b];
        answers = answers.filter((x) => !topics.includes(x));
        if (answers.length >= MIN_ANSWERS && answers.length <= MAX_ANSWERS) candidates.push({ topics, answers });
      }
    }
    if (candidates.length < qt.count) throw new Error(`question type ${qt.id}: only ${candidates.length} candidates`);
    // Prefer topics not used yet, so the set covers many entities; ties broken by the seeded shuffle.
    const order = shuffle(candidates).sort(
      (x, y) => Math.max(...x.topics.map((t) => usedTopics.get(t) ?? 0)) - Math.max(...y.topics.map((t) => usedTopics.get(t) ?? 0)),
    );
    const offset = int(0, qt.templates.length - 1);
    let made = 0;
    for (const cand of order) {
      if (made >= qt.count) break;
      const bracket = chance(0.25);
      const template = qt.templates[(offset + made) % qt.templates.length];
      const types = [qt.topic, qt.constraint?.topic ?? ''];
      // Lines are kept exactly as the template is written: some capitalised with a question mark, some in
      // MetaQA's lowercase style, so the pipeline sees both.
      const text = template
        .replace('{A}', mention(cand.topics[0], types[0], bracket))
        .replace('{B}', cand.topics[1] === undefined ? '' : mention(cand.topics[1], types[1], bracket));
      if (seenText.has(text)) continue;
      seenText.add(text);
      for (const t of cand.topics) usedTopics.set(t, (usedTopics.get(t) ?? 0) + 1);
      made++;
      questions.push({
        line: questions.length + 1,
        id: `q${String(questions.length + 1).padStart(3, '0')}`,
        type: qt.id,
        kind: qt.kind,
        hops: qt.path.length,
        question: text,
        topics: cand.topics,
        path: qt.path,
        ...(qt.constraint ? { constraint: { topic: cand.topics[1], path: qt.constraint.path } } : {}),
        answers: [...cand.answers].sort(),
      });
    }
    if (made < qt.count) throw new Error(`question type ${qt.id}: could not make ${qt.count} distinct questions`);
  }
  return questions;
}

// ---------------------------------------------------------------------------------------------------------
// Checks and output.

function checkNames(g: DemoGraph): void {
  const byNorm = new Map<string, string>();
  for (const name of g.typeOf.keys()) {
    const key = normalizeName(name);
    const other = byNorm.get(key);
    if (other !== undefined) throw new Error(`entity names collide after normalisation: "${other}" / "${name}"`);
    byNorm.set(key, name);
  }
}

function schemaRows(g: DemoGraph): { relation: string; head: string; tail: string; count: number }[] {
  const rows = new Map<string, { heads: Set<string>; tails: Set<string>; count: number }>();
  for (const [h, r, t] of g.triples) {
    const row = rows.get(r) ?? { heads: new Set(), tails: new Set(), count: 0 };
    row.heads.add(g.typeOf.get(h)!);
    row.tails.add(g.typeOf.get(t)!);
    row.count++;
    rows.set(r, row);
  }
  return [...rows].map(([relation, row]) => ({
    relation,
    head: [...row.heads].sort().join(' / '),
    tail: [...row.tails].sort().join(' / '),
    count: row.count,
  }));
}

function readme(g: DemoGraph, questions: GoldQuestion[]): string {
  const typeCounts = new Map<string, number>();
  for (const t of g.typeOf.values()) typeCounts.set(t, (typeCounts.get(t) ?? 0) + 1);
  const kinds = ['1-hop', '2-hop', '3-hop', 'two-topic'].map((k) => `${k}: ${questions.filter((q) => q.kind === k).length}`);
  const lines = [
    '# Demo graph: a fictional hospital network',
    '',
    'A small knowledge graph of an **entirely fictional** hospital network, bundled so Ctrl-G Desktop works on first',
    'launch and so tests and the QA pipeline have a graph that is not MetaQA. Every hospital, city, clinician, patient,',
    'company, drug and trial name is invented; any resemblance to real people, places or products is accidental.',
    'Condition names and drug classes are generic medical terms. Nothing here is medical information.',
    '',
    '**Generated — do not edit by hand.** Regenerate (deterministic, seeded mulberry32 PRNG, seed ' + String(SEED) + '):',
    '',
    '```sh',
    'node bin/run-ts.mjs scripts/makeDemoGraph.ts',
    '```',
    '',
    '## Files',
    '',
    `- \`${GRAPH_FILE}\` — ${g.triples.length} unique triples over ${g.typeOf.size} entities, one per line,`,
    '  `head|relation|tail` (the same pipe format as MetaQA `kb.txt`). Names never contain `|`, tabs or newlines and are',
    '  unique even after case/diacritic folding (`normalizeName`). Literals: ISO dates (`YYYY-MM-DD`), years, numbers.',
    `- \`questions.txt\` — ${questions.length} gold questions, \`question<TAB>answer1|answer2\` (${kinds.join(', ')}).`,
    '  Most name the topic entity plainly; some put it in `[brackets]` as MetaQA does. Answers are sorted.',
    '- `questions.paths.json` — for each question (same order, `line` = line in questions.txt): its `type`, `topics`,',
    '  the relation `path` with directions, for two-topic questions a `constraint` (`topic` + `path`), and `answers`.',
    '  Gold answers = entities reached from `topics[0]` along `path` (`out`: head→tail, `in`: tail→head), intersected',
    '  with the entities reached from `constraint.topic` along `constraint.path` when present, minus the topic entities.',
    '  `test/demo/demoGraph.test.ts` re-derives every answer with `MemoryGraph` this way.',
    '',
    '## Entity types',
    '',
    '| type | count |',
    '| --- | ---: |',
    ...[...typeCounts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t, n]) => `| ${t} | ${n} |`),
    '',
    'Types are not stored in the triple file (it has no type column); they are listed here for orientation.',
    'Date, Year and Number are literal entities (e.g. `2019-04-17`, `1984`, `250`); equal literals are one entity.',
    '',
    '## Relations',
    '',
    '| relation | head | tail | triples |',
    '| --- | --- | --- | ---: |',
    ...schemaRows(g).map((r) => `| \`${r.relation}\` | ${r.head} | ${r.tail} | ${r.count} |`),
    '',
    '## How the data hangs together',
    '',
    '- Each hospital is `located_in` a city, has a `bed_count`, an `opened_on` date, and is `supplied_by` 1–2 suppliers.',
    '- Departments are `part_of` one hospital; clinicians are `member_of` one department, `works_at` its hospital,',
    '  have its `specialty`, and one clinician `heads` each department.',
    '- A patient is `admitted_to` one hospital (`admitted_on` a date) and is `diagnosed_with` 1–3 conditions that the',
    '  hospital has a department for; for each, they are `treated_by` a clinician of that specialty there and usually',
    '  `prescribed` a drug `indicated_for` that condition.',
    '- A trial `tests_drug` one drug for that drug\'s main condition (`targets_condition`), is `conducted_at` 1–3 sites',
    '  with the matching department, has a `principal_investigator` from the first site, is `sponsored_by` a',
    '  manufacturer (usually the drug\'s), and patients of the sites with the condition are `enrolled_in` it.',
    '- Adverse events are `reported_in` a trial, `reported_for` its drug, `experienced_by` one of its patients,',
    '  with a `reaction`, a `severity` (mild / moderate / severe) and a `reported_on` date.',
    '',
  ];
  return lines.join('\n');
}

function main(): void {
  const g = buildGraph();
  checkNames(g);
  const questions = buildQuestions(g);
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(OUT_DIR + GRAPH_FILE, g.triples.map((t) => t.join('|')).join('\n') + '\n');
  writeFileSync(OUT_DIR + 'questions.txt', questions.map((q) => `${q.question}\t${q.answers.join('|')}`).join('\n') + '\n');
  const spec = {
    graph: GRAPH_FILE,
    questionsFile: 'questions.txt',
    answerRule:
      'answers = entities reached from topics[0] along path (out: head->tail, in: tail->head), ' +
      'intersected with entities reached from constraint.topic along constraint.path when present, minus the topics',
    questions: questions.map(({ line, id, type, kind, hops, question, topics, path, constraint, answers }) => ({
      line, id, type, kind, hops, question, topics, path, ...(constraint ? { constraint } : {}), answers,
    })),
  };
  writeFileSync(OUT_DIR + 'questions.paths.json', JSON.stringify(spec, null, 2) + '\n');
  writeFileSync(OUT_DIR + 'README.md', readme(g, questions));
  const literals = [...g.typeOf.values()].filter((t) => LITERAL_TYPES.has(t)).length;
  console.log(
    `wrote ${OUT_DIR}: ${g.triples.length} triples, ${g.typeOf.size} entities (${literals} literals), ${questions.length} questions`,
  );
}

main();
