// Vocabularies of the genealogy graph. Every house, place and person is invented; first names and occupations are
// ordinary words. Countries and regions are fictional too, so no answer can come from world knowledge.

export const MALE_NAMES = [
  'William', 'John', 'Thomas', 'Henry', 'Edward', 'Richard', 'Charles', 'George', 'James', 'Robert', 'Francis',
  'Arthur', 'Edmund', 'Hugh', 'Walter', 'Ralph', 'Nicholas', 'Roger', 'Geoffrey', 'Philip', 'Anthony', 'Samuel',
  'Benjamin', 'Frederick', 'Alfred', 'Albert', 'Lionel', 'Cedric', 'Percival', 'Humphrey', 'Jasper', 'Oliver',
  'Matthew', 'Stephen', 'Peter', 'Laurence', 'Gilbert', 'Bernard', 'Leopold', 'Maximilian', 'Augustin', 'Étienne',
  'Louis', 'Pierre', 'Jacques', 'Antoine', 'Karl', 'Friedrich', 'Heinrich', 'Otto', 'Johann', 'Lorenzo', 'Matteo',
  'Giovanni', 'Alessandro', 'Pieter', 'Willem', 'Sebastian', 'Tobias', 'Crispin', 'Rupert', 'Ambrose', 'Everard',
  'Silas', 'Josiah', 'Nathaniel', 'Gideon', 'Horace', 'Reginald', 'Montague', 'Adrian', 'Felix', 'Conrad',
] as const;

export const FEMALE_NAMES = [
  'Mary', 'Elizabeth', 'Anne', 'Margaret', 'Catherine', 'Jane', 'Alice', 'Eleanor', 'Isabel', 'Joan', 'Agnes',
  'Cecily', 'Frances', 'Dorothy', 'Susanna', 'Charlotte', 'Caroline', 'Louisa', 'Harriet', 'Amelia', 'Georgiana',
  'Henrietta', 'Augusta', 'Sophia', 'Emily', 'Lucy', 'Beatrice', 'Matilda', 'Rosalind', 'Philippa', 'Constance',
  'Adeline', 'Cordelia', 'Imogen', 'Letitia', 'Marianne', 'Octavia', 'Penelope', 'Rosamund', 'Theodora', 'Ursula',
  'Victoria', 'Wilhelmina', 'Hélène', 'Marguerite', 'Camille', 'Sophie', 'Amélie', 'Margarethe', 'Luise',
  'Friederike', 'Giulia', 'Lucia', 'Chiara', 'Francesca', 'Anneke', 'Johanna', 'Clara', 'Edith', 'Maud',
  'Florence', 'Violet', 'Ada', 'Evelyn', 'Grace', 'Hester', 'Lavinia', 'Mabel', 'Honora', 'Tabitha', 'Verity',
] as const;

export const SURNAMES = [
  'Hale', 'Thornbury', 'Pennick', 'Ashdown', 'Corbett', 'Fairleigh', 'Greaves', 'Holloway', 'Kettering', 'Lambourne',
  'Marchant', 'Norris', 'Oakes', 'Pembury', 'Radley', 'Sedgwick', 'Tolliver', 'Underhill', 'Vance', 'Whitlock',
  'Yardley', 'Abernethy', 'Blakemore', 'Cartwright', 'Dunmore', 'Ellery', 'Fenwick', 'Garside', 'Hartigan',
  'Ingram', 'Jessop', 'Kimber', 'Lockwood', 'Merriman', 'Nettleton', 'Ormsby', 'Prentice', 'Quarles', 'Rushworth',
  'Standish', 'Tremayne', 'Upton', 'Verrall', 'Wickham', 'Aldridge', 'Bramwell', 'Cresswell', 'Dalby', 'Eversley',
  'Foxley', 'Gilchrist', 'Hollins', 'Ibbotson', 'Jellicoe', 'Kingsley', 'Lattimer', 'Mowbray', 'Naylor', 'Oldfield',
  'Pargeter', 'Rowntree', 'Shackleton', 'Thackeray', 'Wainwright', 'Brandt', 'Keller', 'Vogt', 'Lindqvist',
  'Duval', 'Moreau', 'Lefèvre', 'Beaumont', 'Rossi', 'Ferraro', 'Conti', 'Van Dijk', 'De Vries', 'Janssen',
  'Haverkamp', 'Castellane', 'Delacroix', 'Marchetti', 'Bianchi', 'Sørensen', 'Halvorsen', 'Mackintosh',
  'Drummond', 'Fraser', 'Gordon', 'Ogilvy', 'Pryce', 'Llewellyn', 'Vaughan', 'Morgan', 'Quennell', 'Sallow',
  'Tarrant', 'Wyckham', 'Brackley', 'Coldridge', 'Denholm', 'Elphick', 'Fothergill', 'Grimshaw', 'Hebblethwaite',
] as const;

export interface HouseSpec {
  surname: string;
  seat: string;
  title: string;
}

export const HOUSES: HouseSpec[] = [
  { surname: 'Ashcombe', seat: 'Ashcombe Hall', title: 'Earl of Wexmoor' },
  { surname: 'Dunleavy', seat: 'Castle Dunleavy', title: 'Duke of Carrowmore' },
  { surname: 'Montferrand', seat: 'Château de Montferrand', title: 'Marquess of Belleroche' },
  { surname: 'Harrowgate', seat: 'Harrowgate Priory', title: 'Viscount Selsby' },
  { surname: 'Valcourt', seat: 'Valcourt Manor', title: 'Count of Vireux' },
  { surname: 'Strathallan', seat: 'Kinloch Tower', title: 'Lord of the Isles of Morven' },
  { surname: 'Everleigh', seat: 'Everleigh Park', title: 'Baron Everleigh' },
  { surname: 'Rothenfels', seat: 'Schloss Rothenfels', title: 'Count of Rothenfels' },
  { surname: 'Castelmare', seat: 'Palazzo Castelmare', title: 'Prince of Santa Viola' },
  { surname: 'Greystoke-Vane', seat: 'Greystoke House', title: 'Earl of Addersley' },
  { surname: 'Orloff', seat: 'Orloff Lodge', title: 'Baron of Kessmark' },
  { surname: 'Pendragon-Lisle', seat: 'Lisle Abbey', title: 'Viscount Tremorden' },
  { surname: 'Van Heemskerk', seat: 'Huis ter Heemskerk', title: 'Lord of Oudwater' },
  { surname: 'Blackwood', seat: 'Blackwood Castle', title: 'Duke of Glenmara' },
];

/** Country → region → towns. */
export const GEO: Record<string, Record<string, string[]>> = {
  Aldmark: {
    'Wexmoor Shire': ['Wexmoor', 'Lower Ashby', 'Kettlebridge', 'Fernhollow'],
    Carrowdale: ['Carrowmore', 'Holt St Mary', 'Brackenfold', 'Millhaven'],
    'Selsby Vale': ['Selsby', 'Oxley Green', 'Tanner’s Cross', 'Dunnock'],
    'Addersley County': ['Addersley', 'Pellham', 'Greystone', 'Marrowby'],
  },
  Brevonne: {
    'Haute-Vireux': ['Vireux', 'Saint-Aubin-des-Prés', 'Belleroche', 'Montclair'],
    Lavandière: ['Castres-le-Vieux', 'Auberive', 'Pontvallon', 'Lisieux-sur-Orne'],
    'Côte d’Argent': ['Port-Sablon', 'La Mareille', 'Roquefeuil'],
  },
  Osterreich: {
    Rothenmark: ['Rothenfels', 'Kessmark', 'Altdorf am See', 'Grünwald'],
    Salzthal: ['Bad Salzthal', 'Eichenau', 'Lindenburg'],
  },
  'Morven Isles': {
    'North Morven': ['Kinloch', 'Glenmara', 'Port Ardach'],
    'South Morven': ['Tremorden', 'Balvenie Sound', 'Inverlyle'],
  },
  'Santa Viola': {
    'Viola Alta': ['Castelmare', 'San Lorenzo di Sopra', 'Montevecchio'],
    'Lowland Marches': ['Oudwater', 'Heemstad', 'Zandvliet'],
  },
};

export const SAINTS = [
  'Aldhelm', 'Bride', 'Cuthbert', 'Dunstan', 'Edburga', 'Frideswide', 'Giles', 'Hilda', 'Ives', 'Jude', 'Kenelm',
  'Leonard', 'Mildred', 'Nectan', 'Oswald', 'Petroc', 'Swithun', 'Werburgh', 'Wilfrid', 'Martin', 'Rémi', 'Ulrich',
] as const;

export const OCC_NOBLE_M = ['landowner', 'army officer', 'courtier', 'diplomat', 'politician', 'naval officer', 'bishop', 'judge'] as const;
export const OCC_NOBLE_F = ['lady-in-waiting', 'writer', 'patron of the arts', 'landowner', 'botanist', 'abbess'] as const;
export const OCC_COMMON_M = [
  'farmer', 'blacksmith', 'merchant', 'physician', 'lawyer', 'clergyman', 'weaver', 'soldier', 'sailor', 'schoolmaster',
  'miller', 'innkeeper', 'painter', 'architect', 'carpenter', 'stonemason', 'banker', 'printer', 'apothecary', 'engineer',
] as const;
export const OCC_COMMON_F = [
  'seamstress', 'governess', 'midwife', 'weaver', 'schoolteacher', 'innkeeper', 'milliner', 'nurse', 'novelist',
  'dairymaid', 'shopkeeper', 'painter', 'lacemaker', 'housekeeper',
] as const;
