// Vocabularies of the sports graph. Countries are real (players' nationalities); cities, clubs, stadiums, leagues,
// players and coaches are invented, so no answer can come from world knowledge.

export interface LeagueCountry {
  country: string;
  leagues: [string, string];
  cities: string[];
  clubPatterns: string[];
  stadiumPatterns: string[];
  pool: string;
}

export const LEAGUE_COUNTRIES: LeagueCountry[] = [
  { country: 'England', stadiumPatterns: ['{c} Park', '{n} Ground', '{n} Road', '{c} Community Stadium'], leagues: ['Premier Division', 'Football League Championship'], pool: 'en',
    cities: ['Ashbourne', 'Kingsbridge', 'Northwold', 'Harlow Vale', 'Stanmoor', 'Blackmere', 'Eastleigh Cross', 'Redcastle'],
    clubPatterns: ['{c} United', '{c} City', '{c} Athletic', '{c} Rovers', '{c} Town', '{c} Wanderers', '{c} Albion', '{c} County'] },
  { country: 'Spain', stadiumPatterns: ['Estadio {n}', 'Estadio Municipal de {c}', 'Campo de {n}'], leagues: ['Liga Primera', 'Liga Segunda'], pool: 'es',
    cities: ['Valmora', 'Santa Leria', 'Castromar', 'Villaseca', 'Puerto Olivar', 'Alcarrosa', 'Torrevieja Alta', 'San Bricio'],
    clubPatterns: ['Real {c}', '{c} CF', 'Atlético {c}', 'Deportivo {c}', 'Racing {c}', 'CD {c}', 'UD {c}', 'Sporting {c}'] },
  { country: 'Italy', stadiumPatterns: ['Stadio {n}', 'Stadio Comunale di {c}', 'Arena {n}'], leagues: ['Serie Alta', 'Serie Cadetta'], pool: 'it',
    cities: ['Montevarchio', 'Porto Lanza', 'Castellardo', 'San Vitale', 'Roccabruna', 'Valdiserra', 'Ferrandina Marina'],
    clubPatterns: ['AC {c}', '{c} Calcio', 'US {c}', 'Virtus {c}', 'AS {c}', 'Inter {c}', 'Pro {c}'] },
  { country: 'Germany', stadiumPatterns: ['{n} Stadion', '{c} Arena', 'Waldstadion {c}', 'Sportpark {n}'], leagues: ['Erste Liga', 'Zweite Liga'], pool: 'de',
    cities: ['Altenbrück', 'Grünhafen', 'Steinach', 'Wolfsheim', 'Bad Kellern', 'Oberweiler', 'Rotenau', 'Lindenfeld'],
    clubPatterns: ['FC {c}', 'SV {c}', 'Borussia {c}', 'Eintracht {c}', 'Fortuna {c}', 'VfB {c}', 'TSV {c}', 'SpVgg {c}'] },
  { country: 'France', stadiumPatterns: ['Stade {n}', 'Stade Municipal de {c}', 'Parc des Sports de {c}'], leagues: ['Ligue Élite', 'Ligue Deux'], pool: 'fr',
    cities: ['Saint-Aurèle', 'Montbrison-sur-Loire', 'Valcourt', 'Port-Maurin', 'Charlemont', 'Beauval', 'Lestrac'],
    clubPatterns: ['Olympique {c}', 'AS {c}', 'Stade {c}', 'FC {c}', 'Racing Club de {c}', 'SC {c}', 'En Avant {c}'] },
  { country: 'Portugal', stadiumPatterns: ['Estádio {n}', 'Estádio Municipal de {c}', 'Campo {n}'], leagues: ['Primeira Divisão', 'Segunda Divisão'], pool: 'pt',
    cities: ['Vila Serrana', 'Porto Alegre do Mar', 'Castelo Novo', 'São Brás da Ribeira', 'Alvorada', 'Montemar'],
    clubPatterns: ['Sporting {c}', 'FC {c}', 'Vitória {c}', 'Académica de {c}', 'Desportivo {c}', 'União de {c}', 'Belenenses {c}'] },
  { country: 'Netherlands', stadiumPatterns: ['{c} Arena', '{n} Stadion', 'Sportpark {n}'], leagues: ['Eredivisie', 'Eerste Divisie'], pool: 'nl',
    cities: ['Zandhoven', 'Oosterwolde', 'Dijkmeer', 'Veldhaven', 'Hoogerzand', 'Bergveen', 'Westvliet'],
    clubPatterns: ['FC {c}', 'SC {c}', 'Sparta {c}', 'Vitesse {c}', 'VV {c}', 'Go Ahead {c}', 'Fortuna {c}'] },
];

/** Nationality → name pool. League countries are added from LEAGUE_COUNTRIES. */
export const OTHER_NATIONS: Record<string, string> = {
  Brazil: 'pt', Argentina: 'es', Uruguay: 'es', Colombia: 'es', Mexico: 'es', Nigeria: 'waf', Ghana: 'waf',
  Senegal: 'fr', 'Ivory Coast': 'fr', Morocco: 'fr', Belgium: 'nl', Croatia: 'sl', Serbia: 'sl', Poland: 'sl',
  Denmark: 'no', Sweden: 'no', Norway: 'no', Scotland: 'en', Wales: 'en', Ireland: 'en', 'United States': 'en', Japan: 'jp',
};

export const NAME_POOLS: Record<string, { first: string[]; last: string[] }> = {
  en: {
    first: ['Jack', 'Harry', 'Callum', 'Liam', 'Owen', 'Jamie', 'Ryan', 'Connor', 'Declan', 'Mason', 'Kieran', 'Luke', 'Ben', 'Aaron', 'Tom', 'Marcus', 'Reece', 'Jordan', 'Lewis', 'Dylan', 'Ethan', 'Nathan', 'Jake', 'Sam', 'Kyle'],
    last: ['Whitaker', 'Holden', 'Carver', 'Pickford', 'Maddox', 'Rowley', 'Stroud', 'Bamford', 'Fairclough', 'Tindall', 'Ashworth', 'Kerridge', 'Lowther', 'Mottram', 'Naylor', 'Pennock', 'Quayle', 'Redfern', 'Sowerby', 'Tunstall', 'Varley', 'Wragg', 'Yeoman', 'Brennan', 'Doherty', 'Fallon', 'McAllister', 'Lennox', 'Pryce', 'Morgan', 'Hughes', 'Gallagher', 'Corrigan', 'Baird', 'Kilbride', 'Armitage', 'Heskey', 'Crouch', 'Dunstan', 'Ellison'],
  },
  es: {
    first: ['Alejandro', 'Pablo', 'Sergio', 'Diego', 'Álvaro', 'Iker', 'Mateo', 'Rodrigo', 'Javier', 'Gonzalo', 'Marcos', 'Nicolás', 'Thiago', 'Lautaro', 'Facundo', 'Joaquín', 'Santiago', 'Emiliano', 'Hugo', 'Raúl', 'Adrián', 'Iván', 'Julián', 'Germán', 'Luciano'],
    last: ['Barrena', 'Casademunt', 'Echeverría', 'Galarza', 'Iturralde', 'Larrañaga', 'Montiel', 'Navarrete', 'Olmedo', 'Peñalver', 'Quintero', 'Rebollo', 'Saavedra', 'Tamayo', 'Urquiza', 'Valbuena', 'Zubeldía', 'Arriaga', 'Benavídez', 'Cienfuegos', 'Domínguez', 'Escalante', 'Figueroa', 'Garrido', 'Herrera', 'Ibarra', 'Jiménez', 'Lozano', 'Medina', 'Ocampo', 'Palacios', 'Ramírez', 'Sosa', 'Toledo', 'Villalba', 'Aguirre', 'Bustos', 'Cabral', 'Duarte', 'Espinoza'],
  },
  it: {
    first: ['Lorenzo', 'Federico', 'Nicolò', 'Gianluca', 'Matteo', 'Davide', 'Simone', 'Alessio', 'Riccardo', 'Andrea', 'Stefano', 'Marco', 'Daniele', 'Emanuele', 'Fabrizio', 'Giacomo', 'Tommaso', 'Pietro', 'Raffaele', 'Salvatore'],
    last: ['Albertini', 'Brambilla', 'Cavalieri', 'Donadoni', 'Esposito', 'Fabbrini', 'Galvani', 'Lombardo', 'Mancuso', 'Nardella', 'Orsolini', 'Pellegrini', 'Quagliarella', 'Rinaldi', 'Santoro', 'Tedeschi', 'Ungaro', 'Vitale', 'Zanetti', 'Baroni', 'Colombo', 'De Santis', 'Ferri', 'Giordano', 'Marchesi', 'Palumbo', 'Russo', 'Serra', 'Testa', 'Valentini'],
  },
  de: {
    first: ['Lukas', 'Jonas', 'Leon', 'Felix', 'Maximilian', 'Niklas', 'Tim', 'Julian', 'Kai', 'Florian', 'Jannik', 'Moritz', 'Tobias', 'Sebastian', 'Marvin', 'Dominik', 'Fabian', 'Pascal', 'Benedikt', 'Timo'],
    last: ['Brandtner', 'Eckhardt', 'Fleischer', 'Gerlach', 'Hartung', 'Kästner', 'Lindemann', 'Metzger', 'Neuhaus', 'Oberdorf', 'Pfeiffer', 'Reinholz', 'Schaller', 'Trautmann', 'Voigt', 'Wendler', 'Zimmer', 'Albrecht', 'Baumann', 'Dreher', 'Engel', 'Franke', 'Graf', 'Hofmann', 'Jäger', 'Krause', 'Lorenz', 'Möller', 'Seidel', 'Winkler'],
  },
  fr: {
    first: ['Antoine', 'Théo', 'Hugo', 'Lucas', 'Mathis', 'Kylian', 'Ousmane', 'Moussa', 'Ibrahima', 'Youssef', 'Adrien', 'Clément', 'Maxime', 'Bastien', 'Corentin', 'Florian', 'Raphaël', 'Samuel', 'Wissam', 'Sofiane', 'Amadou', 'Cheikh', 'Mamadou', 'Achraf', 'Hakim'],
    last: ['Aubert', 'Bernier', 'Chevalier', 'Delorme', 'Fournier', 'Gauthier', 'Lacombe', 'Marchand', 'Perrin', 'Rousseau', 'Tessier', 'Vidal', 'Diallo', 'Traoré', 'Konaté', 'Camara', 'Sissoko', 'Ndiaye', 'Koné', 'Bamba', 'Ziyech', 'Amrabat', 'Benali', 'Haddad', 'Mendy', 'Sarr', 'Cissé', 'Fofana', 'Gueye', 'Lemoine'],
  },
  pt: {
    first: ['João', 'Rúben', 'Diogo', 'Gonçalo', 'Bernardo', 'Tiago', 'Rafael', 'André', 'Nuno', 'Vitinha', 'Gabriel', 'Lucas', 'Matheus', 'Vinícius', 'Felipe', 'Rodrigo', 'Caio', 'Thiago', 'Éder', 'Renato', 'Bruno', 'Pedro', 'Henrique', 'Danilo', 'Murilo'],
    last: ['Almeida', 'Barbosa', 'Carvalho', 'Fernandes', 'Gomes', 'Lopes', 'Machado', 'Nogueira', 'Oliveira', 'Pereira', 'Ribeiro', 'Santos', 'Teixeira', 'Vieira', 'Azevedo', 'Cardoso', 'Correia', 'Dias', 'Fonseca', 'Guimarães', 'Macedo', 'Moreira', 'Pinto', 'Rocha', 'Silveira', 'Sousa', 'Tavares', 'Valente', 'Xavier', 'Brandão'],
  },
  nl: {
    first: ['Daan', 'Sem', 'Bram', 'Jesse', 'Thijs', 'Ruben', 'Stijn', 'Lars', 'Joris', 'Wout', 'Jens', 'Niels', 'Koen', 'Pieter', 'Teun', 'Arne', 'Dries', 'Jelle', 'Maarten', 'Sander'],
    last: ['de Boer', 'van Dam', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Graaf', 'Mulder', 'Vos', 'Peeters', 'Claes', 'Jacobs', 'van Leeuwen', 'Hendriks', 'Dekker', 'Brouwer', 'de Wit', 'Kok', 'Verhoeven', 'Willems', 'Lambrecht', 'Timmermans', 'van der Linden', 'Schouten', 'Postma'],
  },
  sl: {
    first: ['Luka', 'Ivan', 'Marko', 'Nikola', 'Filip', 'Mateusz', 'Jakub', 'Piotr', 'Dušan', 'Aleksandar', 'Josip', 'Ante', 'Kamil', 'Bartosz', 'Stefan'],
    last: ['Kovačić', 'Perišić', 'Brozović', 'Vlašić', 'Mitrović', 'Jović', 'Tadić', 'Milinković', 'Lewandowicz', 'Zieliński', 'Krychowiak', 'Grabowski', 'Nowak', 'Kowalczyk', 'Pavlović', 'Stanković', 'Marić', 'Babić', 'Radić', 'Wiśniewski'],
  },
  no: {
    first: ['Erik', 'Magnus', 'Oskar', 'Mikkel', 'Rasmus', 'Emil', 'Viktor', 'Anders', 'Kristoffer', 'Sander', 'Jonas', 'Henrik', 'Mathias', 'Sindre', 'Gustav'],
    last: ['Lindholm', 'Bergström', 'Halvorsen', 'Nyberg', 'Sandvik', 'Holmqvist', 'Eriksen', 'Kjær', 'Dahl', 'Johansen', 'Strand', 'Lund', 'Solberg', 'Vestergaard', 'Åberg', 'Ekdal', 'Forsberg', 'Hjulmand', 'Thorsen', 'Nygaard'],
  },
  waf: {
    first: ['Chidi', 'Emeka', 'Kelechi', 'Samuel', 'Victor', 'Kwame', 'Kofi', 'Thomas', 'Ademola', 'Wilfred', 'Joseph', 'Abdul', 'Osita', 'Yaw', 'Daniel'],
    last: ['Okafor', 'Eze', 'Nwosu', 'Adeyemi', 'Balogun', 'Mensah', 'Boateng', 'Asante', 'Ofori', 'Owusu', 'Iheanacho', 'Onuachu', 'Ndidi', 'Ayew', 'Partey', 'Oduya', 'Agyeman', 'Oshoala', 'Akinfenwa', 'Chukwueze'],
  },
  jp: {
    first: ['Takumi', 'Kaoru', 'Daichi', 'Ritsu', 'Wataru', 'Junya', 'Hiroki', 'Takehiro', 'Ao', 'Kyogo', 'Ayase', 'Yuki', 'Shoya', 'Genki'],
    last: ['Minamoto', 'Kubota', 'Endō', 'Itakura', 'Morita', 'Tanaka', 'Furuhashi', 'Hatate', 'Ueda', 'Nakamura', 'Kamada', 'Sakai', 'Tomiyasu', 'Ito', 'Asano'],
  },
};

export const POSITIONS = ['goalkeeper', 'centre-back', 'full-back', 'defensive midfielder', 'central midfielder', 'attacking midfielder', 'winger', 'striker'] as const;

export const STADIUM_PEOPLE = [
  'Ramón Olivares', 'Giuseppe Maranzano', 'Heinrich Vosskamp', 'Albert Durrell', 'Jean-Baptiste Corvin', 'Eusébio Ramalho', 'Cornelis Hoek',
  'Marquis Road', 'Victoria', 'Lakeside', 'Millfield', 'Riverside', 'Olympia', 'Municipal', 'Centenary', 'Coronation', 'Harbour', 'Hillcrest',
  'Belvedere', 'Castlegate', 'Union', 'Meridian', 'Sunfield', 'Oakwood', 'Gasworks Lane', 'Kingsway', 'Parkhead', 'Beacon',
] as const;
