// The sports development graph: seven national football systems (two leagues of ten clubs each), with cities,
// stadiums, head coaches and about 2,500 players, a good share of them foreign (so a player's nationality is a
// plausible wrong answer to "which country does his club play in"). Labels mix styles as a scraped or hand-kept
// graph does (`plays_for`, `previously_played_for`, `competes_in`, `home_stadium`, `head_coach`, `based_in`); the
// coach link is stored club → coach and, for some coaches, also coach → club.
import {
  createRand, Facts, inv, out, TripleSink, type ChainType, type DevGraph, writeQuestions,
} from './core.js';
import { LEAGUE_COUNTRIES, NAME_POOLS, OTHER_NATIONS, POSITIONS, STADIUM_PEOPLE } from './sportsNames.js';

const CLUBS_PER_LEAGUE = 10;

export function sportsGraph(seed: number, perType: number): DevGraph {
  const rand = createRand(seed);
  const f = new Facts();
  const kb = new TripleSink();
  const used = new Set<string>();
  const claim = (n: string): boolean => (used.has(n) ? false : (used.add(n), true));

  const nations: Record<string, string> = { ...OTHER_NATIONS };
  for (const lc of LEAGUE_COUNTRIES) nations[lc.country] = lc.pool;
  for (const n of Object.keys(nations)) claim(n);
  const personName = (nation: string): string => {
    const pool = NAME_POOLS[nations[nation]];
    for (let i = 0; i < 200; i++) {
      const n = `${rand.pick(pool.first)} ${rand.pick(pool.last)}`;
      if (claim(n)) return n;
    }
    throw new Error(`name pool ${nations[nation]} exhausted`);
  };
  const foreignNation = (home: string): string => {
    const all = Object.keys(nations).filter((n) => n !== home);
    return rand.pick(all);
  };

  const clubs: string[] = [];
  const coaches: string[] = [];
  const stadiums: string[] = [];
  const leagues: string[] = [];
  const clubCountry = new Map<string, string>();
  for (const lc of LEAGUE_COUNTRIES) {
    for (const city of lc.cities) {
      claim(city);
      f.add(city, 'country', lc.country);
    }
    // Big cities hold several clubs: the first cities of the list are drawn more often.
    const cityWeights = lc.cities.flatMap((c, i) => Array(Math.max(1, 4 - i)).fill(c) as string[]);
    for (const league of lc.leagues) {
      claim(league);
      leagues.push(league);
      f.add(league, 'country', lc.country);
      const cityStadium = new Map<string, string>();
      for (let k = 0; k < CLUBS_PER_LEAGUE; k++) {
        let club = '';
        let city = '';
        for (let i = 0; i < 100 && !club; i++) {
          city = rand.pick(cityWeights);
          const n = rand.pick(lc.clubPatterns).replace('{c}', city);
          if (claim(n)) club = n;
        }
        if (!club) throw new Error(`no club name left in ${lc.country}`);
        clubs.push(club);
        clubCountry.set(club, lc.country);
        f.add(club, 'country', lc.country);
        f.add(club, 'league', league);
        f.add(club, 'city', city);
        f.add(club, 'founded', String(rand.int(1875, 1965)));
        // A few clubs of one city share a ground, as some do.
        let stadium = cityStadium.get(city);
        if (!stadium || !rand.chance(0.3)) {
          stadium = '';
          for (let i = 0; i < 100 && !stadium; i++) {
            const n = rand.pick(lc.stadiumPatterns).replace('{c}', city).replace('{n}', rand.pick(STADIUM_PEOPLE));
            if (claim(n)) stadium = n;
          }
          stadiums.push(stadium);
          cityStadium.set(city, stadium);
          f.add(stadium, 'city', city);
          f.add(stadium, 'capacity', String(rand.int(8, 80) * 1000 + rand.int(0, 9) * 100));
        }
        f.add(club, 'stadium', stadium);
        const coachNation = rand.chance(0.6) ? lc.country : foreignNation(lc.country);
        const coach = personName(coachNation);
        coaches.push(coach);
        f.add(club, 'coach', coach);
        f.add(coach, 'nationality', coachNation);
        f.add(coach, 'born', String(rand.int(1955, 1985)));
      }
    }
  }
  const players: string[] = [];
  for (const club of clubs) {
    const home = clubCountry.get(club)!;
    const squad = rand.int(14, 22);
    for (let i = 0; i < squad; i++) {
      const nation = rand.chance(0.58) ? home : foreignNation(home);
      const p = personName(nation);
      players.push(p);
      f.add(p, 'nationality', nation);
      f.add(p, 'playsFor', club);
      f.add(p, 'position', i < 2 ? 'goalkeeper' : rand.pick(POSITIONS.slice(1)));
      f.add(p, 'born', String(rand.int(1986, 2006)));
      const n = rand.pick([0, 0, 1, 1, 1, 2, 2, 3]);
      for (const fc of rand.shuffle(clubs.filter((c) => c !== club && (rand.chance(0.5) || clubCountry.get(c) === home))).slice(0, n))
        f.add(p, 'formerClub', fc);
      if (nation === home && rand.chance(0.35)) f.add(p, 'birthCity', rand.pick(LEAGUE_COUNTRIES.find((l) => l.country === home)!.cities));
    }
  }

  // Emission: how a sports graph stores these facts.
  for (const p of players) {
    kb.add(p, 'plays_for', f.one(p, 'playsFor')!);
    kb.add(p, 'nationality', f.one(p, 'nationality')!);
    kb.add(p, 'position', f.one(p, 'position')!);
    kb.add(p, 'year_of_birth', f.one(p, 'born')!);
    for (const c of f.out(p, 'formerClub')) kb.add(p, 'previously_played_for', c);
    const bc = f.one(p, 'birthCity');
    if (bc) kb.add(p, 'born_in', bc);
  }
  for (const c of clubs) {
    kb.add(c, 'country', f.one(c, 'country')!);
    kb.add(c, 'competes_in', f.one(c, 'league')!);
    kb.add(c, 'based_in', f.one(c, 'city')!);
    kb.add(c, 'home_stadium', f.one(c, 'stadium')!);
    kb.add(c, 'founded_year', f.one(c, 'founded')!);
    const coach = f.one(c, 'coach')!;
    kb.add(c, 'head_coach', coach);
    if (rand.chance(0.4)) kb.add(coach, 'manages', c);
  }
  for (const co of coaches) {
    kb.add(co, 'nationality', f.one(co, 'nationality')!);
    kb.add(co, 'year_of_birth', f.one(co, 'born')!);
  }
  for (const s of stadiums) {
    kb.add(s, 'located_in', f.one(s, 'city')!);
    kb.add(s, 'capacity', f.one(s, 'capacity')!);
  }
  for (const l of leagues) kb.add(l, 'country', f.one(l, 'country')!);
  for (const lc of LEAGUE_COUNTRIES) for (const city of lc.cities) kb.add(city, 'country', lc.country);

  const playsFor = out('playsFor');
  const squad = inv('playsFor');
  const former = out('formerClub');
  const country = out('country');
  const league = out('league');
  const city = out('city');
  const stadium = out('stadium');
  const coach = out('coach');
  const coachedClub = inv('coach');
  const nationality = out('nationality');
  const founded = out('founded');
  const born = out('born');
  const homeOf = inv('stadium');
  const clubsIn = inv('league');

  const two: ChainType[] = [
    { id: 'player_club_country', steps: [playsFor, country], topics: players, templates: [
      'which country is the club that {X} plays for in', "in which country is {X}'s club", 'the team {X} plays for is from which country',
      "what country does {X}'s team play in", 'in what country is the club of {X} located', '{X} plays club football in which country',
      'which nation is home to the club {X} plays for',
    ] },
    { id: 'player_club_coach', steps: [playsFor, coach], topics: players, templates: [
      "who coaches {X}'s team", 'who is the head coach of the club {X} plays for', "who manages {X}'s club",
      "{X}'s club is coached by whom", 'who is the manager of the team that {X} plays for', 'who is {X} coached by at his club',
    ] },
    { id: 'player_club_stadium', steps: [playsFor, stadium], topics: players, templates: [
      "what is the home stadium of {X}'s club", 'where does the team of {X} play its home games', "which stadium does {X}'s club play at",
      'the club {X} plays for has which home ground', 'in which stadium does the club of {X} play home matches', "name the home ground of {X}'s team",
    ] },
    { id: 'player_club_league', steps: [playsFor, league], topics: players, templates: [
      "what league does {X}'s club compete in", 'in which league does the team of {X} play', "{X}'s team plays in which league",
      'which competition is the club {X} plays for in', 'the club that {X} plays for competes in what league', 'what division is the team of {X} in',
    ] },
    { id: 'player_club_city', steps: [playsFor, city], topics: players, templates: [
      'in which city is the club of {X} based', "where is {X}'s club based", 'the team {X} plays for is based in which city',
      "what city is {X}'s team from", 'which town is home to the club that {X} plays for', "{X}'s club is located in what city",
    ] },
    { id: 'player_former_country', steps: [former, country], topics: players, templates: [
      'in which countries are the clubs {X} used to play for', "which countries were {X}'s former clubs in",
      '{X} previously played in which countries', 'what countries are the former teams of {X} from',
      "the clubs {X} played for before are located in which country", 'where, by country, are the previous clubs of {X}',
    ] },
    { id: 'player_former_league', steps: [former, league], topics: players, templates: [
      "what leagues do {X}'s former clubs play in", 'in which league did the former team of {X} compete',
      'the clubs {X} used to play for are in which leagues', "which leagues are {X}'s previous clubs part of",
      '{X} formerly played for a club in which league', 'what division are the former clubs of {X} in',
    ] },
    { id: 'club_players_nationality', steps: [squad, nationality], topics: clubs, templates: [
      'the players of {X} are from which countries', 'what nationalities are the players of {X}', 'where do the players who play for {X} come from',
      'which countries do {X} players represent', "what are the nationalities of {X}'s squad", 'players of {X} hold which nationalities',
    ] },
    { id: 'coach_club_players', steps: [coachedClub, squad], topics: coaches, templates: [
      'who plays for the team managed by {X}', 'who are the players of the club coached by {X}', 'which players play under {X}',
      "who is in the squad of {X}'s club", 'the club {X} coaches has which players', 'name the players of the team {X} manages',
    ] },
    { id: 'coach_club_league', steps: [coachedClub, league], topics: coaches, templates: [
      'which league is the club coached by {X} in', 'in what league does the team managed by {X} play', "what league is {X}'s club in",
      '{X} coaches a team in which league', 'the club that {X} manages competes in which league', 'which division does the team of coach {X} play in',
    ] },
    { id: 'stadium_club_coach', steps: [homeOf, coach], topics: stadiums, templates: [
      'who manages the club that plays at {X}', 'who is the coach of the team whose home ground is {X}', 'the club based at {X} is coached by whom',
      'who coaches the home team of {X}', 'which coach is in charge of the club that plays home games at {X}', '{X} is home to a club managed by whom',
    ] },
    { id: 'league_club_city', steps: [clubsIn, city], topics: leagues, templates: [
      'in which cities are the clubs of {X} based', 'which cities have clubs in {X}', 'the teams that play in {X} come from which cities',
      'where are the {X} clubs based', 'what cities do teams in the {X} play in', 'name the home cities of the clubs competing in {X}',
    ] },
    { id: 'player_club_founded', steps: [playsFor, founded], topics: players, templates: [
      'when was the club {X} plays for founded', "in what year was {X}'s club founded", "{X}'s team was founded in which year",
      'what is the founding year of the club of {X}', 'the team that {X} plays for was established when', "how old is {X}'s club? give the year it was founded",
    ] },
    { id: 'club_coach_nationality', steps: [coach, nationality], topics: clubs, templates: [
      'where is the coach of {X} from', 'what is the nationality of the head coach of {X}', "{X}'s manager comes from which country",
      'which country is the manager of {X} from', 'the coach of {X} has what nationality', 'what nationality is the man who coaches {X}',
    ] },
    { id: 'player_teammates', steps: [playsFor, squad], topics: players, templates: [
      "who are {X}'s teammates", 'who plays in the same club as {X}', 'which players play for the same team as {X}',
      "who else plays for {X}'s club", 'name the teammates of {X}', 'who are the other players of the club {X} plays for',
    ] },
    { id: 'stadium_city_country', steps: [city, country], topics: stadiums, templates: [
      'which country is {X} in', 'in what country is the city where {X} stands', '{X} is located in a city of which country',
      'the city of {X} is in which country', 'what country is the stadium {X} in', 'in which country can you find {X}',
    ] },
  ];

  const three: ChainType[] = [
    { id: 'player_club_stadium_city', steps: [playsFor, stadium, city], topics: players, templates: [
      "in which city is the stadium of {X}'s club", "the home ground of {X}'s team is located in which city",
      'where is the stadium of the club {X} plays for', 'in what city does the team of {X} have its stadium',
      "{X}'s club plays home games in a stadium in which city", 'which city is the home stadium of the club of {X} in',
    ] },
    { id: 'player_club_league_country', steps: [playsFor, league, country], topics: players, templates: [
      "which country's league does {X}'s club play in", 'the league of the team {X} plays for is in which country',
      "in what country is the league that {X}'s club competes in", 'the club {X} plays for is in a league of which country',
      "{X}'s team plays in a league based in which country", 'what country organises the league of the club of {X}',
    ] },
    { id: 'coach_club_players_nationality', steps: [coachedClub, squad, nationality], topics: coaches, templates: [
      'the players of the club coached by {X} are from which countries', 'what nationalities do the players of the team managed by {X} have',
      "which countries are {X}'s players from", 'where do the players who play under {X} come from',
      'the squad of the club {X} coaches holds which nationalities', "what are the nationalities of the players of {X}'s club",
    ] },
    { id: 'player_club_coach_nationality', steps: [playsFor, coach, nationality], topics: players, templates: [
      "where is the coach of {X}'s club from", "what is the nationality of {X}'s manager at club level",
      'the head coach of the team {X} plays for comes from which country', "which country is {X}'s club coach from",
      'what nationality is the manager of the club of {X}', "the man who coaches {X}'s team is from where",
    ] },
    { id: 'stadium_club_coach_nationality', steps: [homeOf, coach, nationality], topics: stadiums, templates: [
      'what nationality is the manager of the team that plays at {X}', 'the coach of the club whose home is {X} comes from which country',
      'where is the head coach of the club based at {X} from', 'which country is the manager of the home side at {X} from',
      "the {X} club's coach has which nationality", 'from which country is the coach of the team that plays home games at {X}',
    ] },
    { id: 'player_former_league_country', steps: [former, league, country], topics: players, templates: [
      'in which countries are the leagues of the clubs {X} used to play for', "{X}'s former clubs play in the leagues of which countries",
      'the leagues of the previous teams of {X} are in what countries', 'which countries host the leagues of the former clubs of {X}',
      "what country's league did {X}'s former team compete in", 'the clubs {X} once played for compete in leagues of which countries',
    ] },
    { id: 'league_club_coach_nationality', steps: [clubsIn, coach, nationality], topics: leagues, templates: [
      'what are the nationalities of the coaches of clubs in {X}', 'where do the managers of the {X} teams come from',
      'the head coaches of the clubs that play in {X} are from which countries', 'which countries are the coaches in {X} from',
      'coaches of teams competing in {X} have which nationalities', 'from what countries are the managers of clubs in the {X}',
    ] },
    { id: 'player_teammates_nationality', steps: [playsFor, squad, nationality], topics: players, templates: [
      "what nationalities are {X}'s teammates", 'the players who play alongside {X} are from which countries',
      "which countries do {X}'s teammates come from", 'what are the nationalities of the players in the same club as {X}',
      'teammates of {X} hold which nationalities', 'where are the other players of the club of {X} from',
    ] },
    { id: 'player_club_coach_birthyear', steps: [playsFor, coach, born], topics: players, templates: [
      "when was the coach of {X}'s club born", "in what year was {X}'s manager at club level born",
      'the head coach of the team {X} plays for was born in which year', "what is the birth year of the man who coaches {X}'s team",
      "{X}'s club is coached by someone born when", 'what year was the manager of the club of {X} born',
    ] },
    { id: 'stadium_club_players_nationality', steps: [homeOf, squad, nationality], topics: stadiums, templates: [
      'the players of the club that plays at {X} come from which countries', 'what nationalities are the players of the team based at {X}',
      'where are the players of the home club of {X} from', 'which countries are represented in the squad of the club whose ground is {X}',
      'players of the team that plays home games at {X} hold which nationalities', "what are the nationalities of {X}'s home team players",
    ] },
    { id: 'player_former_coach_nationality', steps: [former, coach, nationality], topics: players, templates: [
      "where are the coaches of {X}'s former clubs from", 'what nationality is the head coach of the club {X} used to play for',
      'the managers of the previous teams of {X} come from which countries', "which country is the coach of {X}'s old club from",
      'the clubs {X} formerly played for are coached by people of what nationality', 'from which countries are the coaches of the former clubs of {X}',
    ] },
    { id: 'city_club_coach_nationality', steps: [inv('city'), coach, nationality], topics: [...new Set(clubs.map((c) => f.one(c, 'city')!))], templates: [
      'what nationalities are the coaches of the clubs based in {X}', 'the managers of the teams from {X} come from which countries',
      'where are the head coaches of {X} clubs from', 'which countries are the coaches of the football clubs in {X} from',
      'the clubs of {X} are coached by people of what nationality', 'what is the nationality of the coach of a club based in {X}',
    ] },
  ];
  const q2 = writeQuestions(rand, f, two, perType);
  const q3 = writeQuestions(rand, f, three, perType);
  return { kb: kb.text(), sets: [{ name: 'sports-2', hops: 2, questions: q2 }, { name: 'sports-3', hops: 3, questions: q3 }] };
}
