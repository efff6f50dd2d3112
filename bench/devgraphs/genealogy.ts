// The genealogy development graph: fourteen noble houses and many commoner families over about seven generations
// (born 1700–1960), with marriages between and across them, places in fictional regions and countries, burials,
// occupations, titles that pass from holder to heir, and family seats. Labels mix styles as a hand-built family
// tree does (`father`, `has_child`, `spouse_of`, `place_of_birth`, `died_in`, `heir`, `noble_title`); parent links
// are always stored child → parent, and only sometimes also parent → child.
import {
  both, createRand, Facts, inv, out, questionLines, TripleSink, typeLines, union, where, writeQuestions,
  type ChainType, type DevGraph, type Rand, type Step,
} from './core.js';
import {
  FEMALE_NAMES, GEO, HOUSES, MALE_NAMES, OCC_COMMON_F, OCC_COMMON_M, OCC_NOBLE_F, OCC_NOBLE_M, SAINTS, SURNAMES,
} from './genealogyNames.js';

interface Person {
  name: string;
  sex: 'm' | 'f';
  born: number;
  died?: number;
  father?: Person;
  mother?: Person;
  spouse?: Person;
  house?: string;
  surname: string;
  children: Person[];
}

const TARGET_PEOPLE = 2400;

/** `people`: about how many people the graph holds (bench:qa's graph: TARGET_PEOPLE; smaller for a small-graph check). */
export function genealogyGraph(seed: number, perType: number, people_ = TARGET_PEOPLE): DevGraph {
  const rand = createRand(seed);
  const f = new Facts();
  const kb = new TripleSink();

  // Places: towns in regions in countries, burial grounds in towns.
  const towns: string[] = [];
  for (const [country, regions] of Object.entries(GEO))
    for (const [region, ts] of Object.entries(regions)) {
      f.add(region, 'country', country);
      for (const t of ts) {
        towns.push(t);
        f.add(t, 'locatedIn', region);
      }
    }
  const burials: string[] = [];
  for (const saint of SAINTS) {
    const name = `St ${saint}'s ${rand.pick(['Church', 'Churchyard', 'Abbey', 'Chapel'])}`;
    burials.push(name);
    f.add(name, 'locatedIn', rand.pick(towns));
  }
  for (const t of rand.shuffle(towns).slice(0, 14)) {
    const name = `${t} ${rand.pick(['Cemetery', 'Burial Ground', 'Old Cemetery'])}`;
    burials.push(name);
    f.add(name, 'locatedIn', t);
  }

  // People.
  const people: Person[] = [];
  const byName = new Set<string>([...towns, ...burials, ...Object.keys(GEO), ...Object.values(GEO).flatMap((r) => Object.keys(r))]);
  const nameFor = (sex: 'm' | 'f', surname: string, father?: Person): string => {
    const firsts = sex === 'm' ? MALE_NAMES : FEMALE_NAMES;
    // Sons are often named after their father or grandfather; the rest draw from the common pool.
    let first = rand.pick(firsts) as string;
    if (sex === 'm' && father && rand.chance(0.2)) first = father.name.split(' ')[0];
    const plain = `${first} ${surname}`;
    if (!byName.has(plain)) return plain;
    for (let i = 0; i < 20; i++) {
      const middle = rand.chance(0.5) ? rand.pick(firsts) : rand.pick(SURNAMES);
      const n = `${first} ${middle} ${surname}`;
      if (middle !== first && !byName.has(n)) return n;
    }
    for (const suffix of ['II', 'III', 'IV', 'V', 'VI']) if (!byName.has(`${plain} ${suffix}`)) return `${plain} ${suffix}`;
    throw new Error(`no free name for ${plain}`);
  };
  const person = (sex: 'm' | 'f', surname: string, born: number, house?: string, father?: Person): Person => {
    const name = nameFor(sex, surname, father);
    byName.add(name);
    const p: Person = { name, sex, born, surname, children: [], ...(house ? { house } : {}), ...(father ? { father } : {}) };
    people.push(p);
    return p;
  };
  const marry = (a: Person, b: Person): void => {
    a.spouse = b;
    b.spouse = a;
  };

  // Generation 0: the house founders and commoner couples.
  const houseName = (s: string): string => `House of ${s}`;
  let couples: [Person, Person][] = [];
  for (const h of HOUSES) {
    const hus = person('m', h.surname, rand.int(1695, 1715), houseName(h.surname));
    const wife = person('f', rand.pick(SURNAMES), hus.born + rand.int(-6, 2));
    marry(hus, wife);
    couples.push([hus, wife]);
    f.add(houseName(h.surname), 'founder', hus.name);
    f.add(houseName(h.surname), 'seat', h.seat);
    f.add(h.seat, 'locatedIn', rand.pick(towns));
  }
  for (let i = 0; i < 34; i++) {
    const hus = person('m', rand.pick(SURNAMES), rand.int(1690, 1720));
    const wife = person('f', rand.pick(SURNAMES), hus.born + rand.int(-6, 3));
    marry(hus, wife);
    couples.push([hus, wife]);
  }

  // Later generations: children of each couple, then marriages within the generation or to newcomers.
  while (people.length < people_ && couples.length) {
    const kids: Person[] = [];
    for (const [hus, wife] of couples) {
      const n = hus.house ? rand.int(1, 5) : rand.int(0, 4);
      let year = Math.max(hus.born, wife.born) + rand.int(20, 28);
      for (let i = 0; i < n && people.length < people_ + 200; i++) {
        if (year > wife.born + 44 || year > 1975) break;
        const c = person(rand.chance(0.5) ? 'm' : 'f', hus.surname, year, hus.house, hus);
        c.mother = wife;
        hus.children.push(c);
        wife.children.push(c);
        kids.push(c);
        year += rand.int(1, 4);
      }
    }
    const next: [Person, Person][] = [];
    const single = new Set(rand.shuffle(kids).filter(() => rand.chance(0.78)));
    for (const p of single) {
      if (p.spouse || p.born > 1955) continue;
      single.delete(p);
      // A partner from the same generation (not a sibling) with some chance, otherwise someone from outside the tree.
      const partner = rand.chance(0.45)
        ? [...single].find((q) => q.sex !== p.sex && q.father !== p.father && Math.abs(q.born - p.born) < 12 && !q.spouse)
        : undefined;
      let other: Person;
      if (partner) {
        single.delete(partner);
        other = partner;
      } else {
        const sex = p.sex === 'm' ? 'f' : 'm';
        // Newcomers marrying into a house are often gentry of an old name.
        other = person(sex, rand.pick(SURNAMES), p.born + rand.int(-5, 5));
      }
      marry(p, other);
      next.push(p.sex === 'm' ? [p, other] : [other, p]);
    }
    couples = next;
  }

  // Lives: deaths, places, occupations.
  for (const p of people) {
    if (p.born < 1940 || rand.chance(0.3)) p.died = Math.min(2024, p.born + rand.int(p.born < 1850 ? 25 : 45, 92));
    if (p.died && p.died > 2024) delete p.died;
    f.add(p.name, 'gender', p.sex === 'm' ? 'male' : 'female');
    f.add(p.name, 'born', String(p.born));
    if (p.died) f.add(p.name, 'died', String(p.died));
    if (p.father) f.add(p.name, 'father', p.father.name);
    if (p.mother) f.add(p.name, 'mother', p.mother.name);
    if (p.house) f.add(p.name, 'house', p.house);
    const home = p.father ? (f.one(p.father.name, 'birthPlace') ?? rand.pick(towns)) : rand.pick(towns);
    if (rand.chance(0.9)) f.add(p.name, 'birthPlace', rand.chance(0.6) ? home : rand.pick(towns));
    if (p.died && rand.chance(0.8)) f.add(p.name, 'deathPlace', rand.chance(0.5) ? home : rand.pick(towns));
    if (p.died && rand.chance(0.7)) f.add(p.name, 'burial', rand.pick(burials));
    if (rand.chance(0.85)) {
      const pool = p.house ? (p.sex === 'm' ? OCC_NOBLE_M : OCC_NOBLE_F) : p.sex === 'm' ? OCC_COMMON_M : OCC_COMMON_F;
      f.add(p.name, 'occupation', rand.pick(pool));
    }
  }
  const seenCouple = new Set<Person>();
  for (const p of people)
    if (p.spouse && !seenCouple.has(p)) {
      seenCouple.add(p).add(p.spouse);
      f.add(p.name, 'spouse', p.spouse.name);
    }
  for (const p of people)
    for (let i = 0; i < p.children.length; i++)
      for (let j = i + 1; j < p.children.length; j++) if (p.sex === 'm') f.add(p.children[i].name, 'sibling', p.children[j].name);

  // Heirs (eldest son, else eldest daughter) in the houses and among their in-laws; titles pass holder → heir.
  const heirOf = new Map<Person, Person>();
  for (const p of people) {
    if (!p.children.length || !(p.house || p.spouse?.house)) continue;
    const h = p.children.find((c) => c.sex === 'm') ?? p.children[0];
    heirOf.set(p, h);
    f.add(p.name, 'heir', h.name);
  }
  const grant = (p: Person, title: string): void => {
    for (let q: Person | undefined = p; q; q = heirOf.get(q)) if (!f.out(q.name, 'title').includes(title)) f.add(q.name, 'title', title);
  };
  for (const h of HOUSES) grant(people.find((p) => p.house === houseName(h.surname) && !p.father)!, h.title);
  // Younger sons and a few commoners are raised to a new peerage that their heirs then hold.
  const titleStyles = ['Baron', 'Baronet of', 'Viscount', 'Lord of', 'Earl of'];
  for (const p of rand.shuffle(people).slice(0, 70)) {
    if (p.sex !== 'm' || !heirOf.get(p)) continue;
    const place = rand.pick(towns);
    const t = `${rand.pick(titleStyles)} ${place}`;
    if (!f.in(t, 'title').length) grant(p, t);
  }

  emit(rand, f, kb, people);

  const names = people.map((p) => p.name);
  const sexOf = new Map(people.map((p) => [p.name, p.sex]));
  const male = (_: Facts, x: string): boolean => sexOf.get(x) === 'm';
  const female = (_: Facts, x: string): boolean => sexOf.get(x) === 'f';
  const father = out('father');
  const mother = out('mother');
  const child: Step = union(inv('father'), inv('mother'));
  const son = where(child, male);
  const daughter = where(child, female);
  const spouse = both('spouse');
  const sibling = both('sibling');
  const heir = out('heir');
  const title = out('title');
  const house = out('house');
  const born = out('born');
  const bplace = out('birthPlace');
  const dplace = out('deathPlace');
  const burial = out('burial');
  const occupation = out('occupation');
  const within = out('locatedIn');
  const country = out('country');
  const seat = out('seat');
  const founder = out('founder');
  const married = names.filter((n) => f.out(n, 'spouse').length || f.in(n, 'spouse').length);
  const spouseSlots = (_: Facts, x: string): Record<string, string> =>
    sexOf.get(x) === 'm' ? { spouse: 'wife', partner: 'woman', inlaw: 'father-in-law', minlaw: 'mother-in-law' } : { spouse: 'husband', partner: 'man', inlaw: 'father-in-law', minlaw: 'mother-in-law' };

  const two: ChainType[] = [
    { id: 'spouse_father', steps: [spouse, father], topics: married, slots: spouseSlots, templates: [
      "who is the father of [X]'s {spouse}", "who was {X}'s {inlaw}", "{X}'s {spouse}'s father is who",
      'name the father of the {spouse} of {X}', 'who was the father of the {partner} {X} married', "what is the name of {X}'s {spouse}'s father",
      'who is the father of the person {X} is married to',
    ] },
    { id: 'mother_birthplace', steps: [mother, bplace], topics: names, templates: [
      "{X}'s mother was born where", 'where was the mother of {X} born', "what is the birthplace of {X}'s mother",
      "in which town was {X}'s mother born", 'the mother of {X} was born in which place', "place of birth of {X}'s mother",
      "where was {X}'s mum born",
    ] },
    { id: 'father_occupation', steps: [father, occupation], topics: names, templates: [
      "what did {X}'s father do for a living", 'what was the occupation of the father of {X}', "{X}'s father worked as what",
      'what was the profession of the father of {X}', 'what job did the father of {X} have', "by occupation, what was {X}'s father",
    ] },
    { id: 'daughter_heir', steps: [daughter, heir], topics: names, templates: [
      "who is the heir of {X}'s daughter", 'who is heir to the daughter of {X}', "{X}'s daughter had whom as her heir",
      'who was the heir of a daughter of {X}', "the heir of {X}'s daughter is who", 'which person is the heir of the daughter of {X}',
    ] },
    { id: 'heir_title', steps: [heir, title], topics: names, templates: [
      "what title does {X}'s heir hold", 'what noble title was held by the heir of {X}', 'the heir of {X} holds which title',
      "what is the title of {X}'s heir", "which title was borne by {X}'s heir", "what rank or title did {X}'s heir have",
    ] },
    { id: 'spouse_house', steps: [spouse, house], topics: married, slots: spouseSlots, templates: [
      "which house does {X}'s {spouse} belong to", '{X} married into which family', "what noble house was {X}'s {spouse} a member of",
      'the {spouse} of {X} is a member of what house', "from which house did {X}'s {spouse} come", 'what family was the {spouse} of {X} from',
    ] },
    { id: 'child_spouse', steps: [child, spouse], topics: names, templates: [
      "who did {X}'s children marry", "who are the spouses of {X}'s children", 'whom did the children of {X} marry',
      'who married a child of {X}', 'the children of {X} were married to whom', "who are {X}'s children's husbands and wives",
    ] },
    { id: 'father_burial', steps: [father, burial], topics: names, templates: [
      "where is {X}'s father buried", 'where was the father of {X} laid to rest', "in which place is {X}'s father buried",
      "what is the burial place of {X}'s father", 'the father of {X} was buried where', "{X}'s father's grave is at which place",
    ] },
    { id: 'birthplace_region', steps: [bplace, within], topics: names, templates: [
      "what region is {X}'s birthplace in", '{X} was born in a town in which region', 'the town where {X} was born is located in what region',
      'which province contains the birthplace of {X}', 'in which region is the place where {X} was born', "{X}'s place of birth lies in which region",
    ] },
    { id: 'mother_birthyear', steps: [mother, born], topics: names, templates: [
      "when was {X}'s mother born", 'in what year was the mother of {X} born', "{X}'s mother was born in which year",
      "what is the birth year of {X}'s mother", "what year was {X}'s mum born", 'the mother of {X} was born when',
    ] },
    { id: 'sibling_spouse', steps: [sibling, spouse], topics: names, templates: [
      "who are {X}'s siblings married to", "who did {X}'s brothers and sisters marry", "who married {X}'s siblings",
      'whom did the siblings of {X} marry', "the spouses of {X}'s siblings are who", 'name the spouse of each sibling of {X}',
    ] },
    { id: 'father_father', steps: [father, father], topics: names, templates: [
      "who is {X}'s paternal grandfather", "who was the father of {X}'s father", "{X}'s father's father is who",
      'name the paternal grandfather of {X}', 'who was the father of the father of {X}', "the father of {X}'s father was whom",
    ] },
    { id: 'son_birthplace', steps: [son, bplace], topics: names, templates: [
      "where were {X}'s sons born", 'in which place was the son of {X} born', "what are the birthplaces of {X}'s sons",
      "{X}'s son was born where", 'where was a son of {X} born', 'the sons of {X} were born in which towns',
    ] },
    { id: 'spouse_deathplace', steps: [spouse, dplace], topics: married, slots: spouseSlots, templates: [
      "where did {X}'s {spouse} die", 'in which place did the {spouse} of {X} pass away', "what is the place of death of {X}'s {spouse}",
      "{X}'s {spouse} died where", 'where did the {partner} {X} married die', 'the {spouse} of {X} died in which town',
    ] },
    { id: 'house_seat', steps: [house, seat], topics: names, templates: [
      "what is the seat of {X}'s family", 'where is the family seat of the house {X} belongs to', 'the house of {X} has its seat where',
      "what estate is the seat of {X}'s house", 'which residence is the seat of the family {X} is a member of', "{X}'s house is seated at what place",
    ] },
    { id: 'daughter_spouse', steps: [daughter, spouse], topics: names, templates: [
      "who did {X}'s daughter marry", "who are {X}'s sons-in-law", "who is the husband of {X}'s daughter",
      'whom did the daughters of {X} marry', "{X}'s daughter was married to whom", 'who married a daughter of {X}',
    ] },
  ];

  const three: ChainType[] = [
    { id: 'daughter_heir_title', steps: [daughter, heir, title], topics: names, templates: [
      "what is the title held by the heir of {X}'s daughter", "which title does the heir of {X}'s daughter hold",
      'the heir of the daughter of {X} holds what title', "what noble title did {X}'s daughter's heir carry",
      'what title was held by the person who was heir to the daughter of {X}', "{X}'s daughter's heir had which title",
    ] },
    { id: 'spouse_father_occupation', steps: [spouse, father, occupation], topics: married, slots: spouseSlots, templates: [
      "what did {X}'s {inlaw} do for a living", "what was the occupation of {X}'s {spouse}'s father", 'the father of the {spouse} of {X} worked as what',
      'what was the profession of the father of the {partner} {X} married', "what job did the father of {X}'s {spouse} have",
      "{X}'s {spouse}'s father was employed as what",
    ] },
    { id: 'mother_birthplace_region', steps: [mother, bplace, within], topics: names, templates: [
      "in which region was {X}'s mother born", "the place where {X}'s mother was born is in what region",
      "what region is the birthplace of {X}'s mother located in", "{X}'s mother was born in a town of which region",
      'which province was the mother of {X} born in', "the birthplace of {X}'s mum lies in which region",
    ] },
    { id: 'father_father_burial', steps: [father, father, burial], topics: names, templates: [
      "where is {X}'s paternal grandfather buried", "where was the father of {X}'s father buried", "{X}'s father's father was laid to rest where",
      'what is the burial place of the paternal grandfather of {X}', "in which place is {X}'s grandfather on the father's side buried",
      'the father of the father of {X} is buried at which place',
    ] },
    { id: 'son_spouse_house', steps: [son, spouse, house], topics: names, templates: [
      "which houses did {X}'s sons marry into", "what family do the wives of {X}'s sons come from", 'the wife of the son of {X} belongs to which house',
      "of which noble house were {X}'s daughters-in-law members", "{X}'s son married a woman of what house",
      'which house is the wife of a son of {X} from',
    ] },
    { id: 'spouse_mother_birthyear', steps: [spouse, mother, born], topics: married, slots: spouseSlots, templates: [
      "when was {X}'s {minlaw} born", "in what year was the mother of {X}'s {spouse} born", "{X}'s {spouse}'s mother was born in which year",
      'the mother of the {spouse} of {X} was born when', 'what is the birth year of the mother of the {partner} {X} married',
      "what year was {X}'s {spouse}'s mum born",
    ] },
    { id: 'child_spouse_father', steps: [child, spouse, father], topics: names, templates: [
      "who are the fathers of the people {X}'s children married", "who is the father of the spouse of {X}'s child",
      'who fathered the people that the children of {X} married', "who were the fathers-in-law of {X}'s children",
      'the children of {X} married the sons and daughters of which fathers', "name the father of each spouse of {X}'s children",
    ] },
    { id: 'father_heir_birthplace', steps: [father, heir, bplace], topics: names, templates: [
      "where was the heir of {X}'s father born", "the heir of {X}'s father was born in which place", "what is the birthplace of {X}'s father's heir",
      'in which town was the heir of the father of {X} born', "{X}'s father named an heir; where was that heir born",
      'where did the heir of the father of {X} come into the world',
    ] },
    { id: 'sibling_spouse_occupation', steps: [sibling, spouse, occupation], topics: names, templates: [
      "what do the spouses of {X}'s siblings do for a living", "what are the occupations of the people {X}'s siblings married",
      "the husbands and wives of {X}'s brothers and sisters worked as what", 'what was the profession of the spouse of a sibling of {X}',
      "{X}'s siblings married people of which occupations", 'what jobs did the spouses of the siblings of {X} have',
    ] },
    { id: 'house_founder_birthplace', steps: [house, founder, bplace], topics: names, templates: [
      "where was the founder of {X}'s house born", 'the founder of the house {X} belongs to was born where',
      "what is the birthplace of the founder of {X}'s family", 'in which town was the man who founded the house of {X} born',
      "{X} belongs to a house; where was its founder born", 'where was the founder of the noble family of {X} born',
    ] },
    { id: 'birthplace_region_country', steps: [bplace, within, country], topics: names, templates: [
      'in which country was {X} born', "{X}'s birthplace is in a region of which country", 'the region where {X} was born belongs to which country',
      "what country is {X}'s place of birth in", 'which country was {X} born in', "{X} was born in what country",
    ] },
    { id: 'father_burial_town', steps: [father, burial, within], topics: names, templates: [
      "in which town is {X}'s father buried", "the place where {X}'s father is buried is located in which town",
      "where is the burial ground of {X}'s father located", 'in what town is the grave of the father of {X}',
      "{X}'s father was buried in a church or cemetery in which town", 'which town holds the burial place of the father of {X}',
    ] },
    { id: 'mother_father_title', steps: [mother, father, title], topics: names, templates: [
      "what title did {X}'s maternal grandfather hold", "what was the noble title of {X}'s mother's father",
      'the father of the mother of {X} held which title', "which title was held by the father of {X}'s mother",
      "{X}'s grandfather on the mother's side bore what title", 'what title did the father of the mother of {X} have',
    ] },
    { id: 'daughter_spouse_title', steps: [daughter, spouse, title], topics: names, templates: [
      "what title is held by the husband of {X}'s daughter", "what titles do {X}'s sons-in-law hold", 'the man who married the daughter of {X} held which title',
      "which noble title did {X}'s daughter's husband carry", 'the husbands of the daughters of {X} held what titles',
      "what was the title of the man {X}'s daughter married",
    ] },
  ];
  const q2 = writeQuestions(rand, f, two.map(bracketTopic), perType);
  const q3 = writeQuestions(rand, f, three.map(bracketTopic), perType);
  return { kb: kb.text(), sets: [{ name: 'genealogy-2', hops: 2, questions: q2 }, { name: 'genealogy-3', hops: 3, questions: q3 }] };
}

/** Templates write the topic as {X}; the first one of each type may already bracket it ([X]). */
function bracketTopic(ct: ChainType): ChainType {
  return { ...ct, templates: ct.templates.map((t) => t.replace('[X]', '{X}')) };
}

/** Writes the facts as a user's family tree would store them: mixed label styles, some links both ways. */
function emit(rand: Rand, f: Facts, kb: TripleSink, people: Person[]): void {
  const places = new Set<string>();
  for (const p of people) {
    const n = p.name;
    kb.add(n, 'gender', f.one(n, 'gender')!);
    kb.add(n, 'birth_year', f.one(n, 'born')!);
    const d = f.one(n, 'died');
    if (d) kb.add(n, 'year_of_death', d);
    if (p.father) {
      kb.add(n, 'father', p.father.name);
      if (rand.chance(0.5)) kb.add(p.father.name, 'has_child', n);
    }
    if (p.mother) {
      kb.add(n, 'mother', p.mother.name);
      if (rand.chance(0.35)) kb.add(p.mother.name, 'has_child', n);
    }
    for (const s of f.out(n, 'spouse')) {
      if (rand.chance(0.7)) kb.add(n, 'spouse_of', s);
      else kb.add(s, 'spouse_of', n);
    }
    for (const s of f.out(n, 'sibling')) kb.add(n, 'sibling', s);
    const bp = f.one(n, 'birthPlace');
    if (bp) kb.add(n, 'place_of_birth', bp);
    const dp = f.one(n, 'deathPlace');
    if (dp) kb.add(n, 'died_in', dp);
    const b = f.one(n, 'burial');
    if (b) {
      kb.add(n, 'buried_at', b);
      places.add(b);
    }
    const o = f.one(n, 'occupation');
    if (o) kb.add(n, 'occupation', o);
    for (const t of f.out(n, 'title')) kb.add(n, 'noble_title', t);
    const h = f.one(n, 'heir');
    if (h) kb.add(n, 'heir', h);
    if (p.house) kb.add(n, 'member_of', p.house);
  }
  for (const h of HOUSES) {
    const house = `House of ${h.surname}`;
    kb.add(house, 'founded_by', f.one(house, 'founder')!);
    kb.add(house, 'family_seat', h.seat);
    kb.add(h.seat, 'located_in', f.one(h.seat, 'locatedIn')!);
  }
  for (const b of [...places].sort()) kb.add(b, 'located_in', f.one(b, 'locatedIn')!);
  for (const [country, regions] of Object.entries(GEO))
    for (const [region, ts] of Object.entries(regions)) {
      kb.add(region, 'country', country);
      for (const t of ts) kb.add(t, 'located_in', region);
    }
}
