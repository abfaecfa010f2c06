/**
 * Texts of the large fixture (seed-large.ts), generated deterministically: lesson topics in the
 * demo languages, everyday phrases built from small phrase books (request + thing + when, or a
 * question about a place) with their English translation, blog titles and user names. The same
 * index always gives the same text, so a re-run of the fixture writes nothing new.
 */
type Pair = readonly [original: string, english: string];

interface PhraseBook {
  want: Pair[];
  things: Pair[];
  when: Pair[];
  places: Pair[];
  /** `{p}` is a place. */
  questions: Pair[];
  /** Article contractions the templates produce ("a el" → "al"). */
  fix?: (s: string) => string;
}

const wantEn = ['I would like', 'I need', 'I am looking for', 'I would like to book', 'I want to buy', 'I prefer', 'I am going to order', 'We need'];
const whenEn = ['for tonight', 'for tomorrow', 'please', 'right now', 'for Saturday', "before ten o'clock", 'for the weekend', 'near here'];
const thingsEn = [
  'a coffee',
  'a table for two',
  'a train ticket',
  'a double room',
  'a taxi',
  'a bottle of water',
  'a city map',
  'a museum ticket',
  'a sandwich',
  'a SIM card',
  'an umbrella',
  'a blue T-shirt',
  'a present for my mother',
  'a salad',
  'an orange juice',
  "a doctor's appointment",
];
const placesEn = [
  'the station',
  'the pharmacy',
  'the museum',
  'the beach',
  'the hotel',
  'the bus stop',
  'the market',
  'the airport',
  'the library',
  'the bank',
  'the main square',
  'the post office',
];
const zip = (originals: string[], english: string[]): Pair[] => originals.map((o, i) => [o, english[i]] as const);

/**
 * A phrase book from its texts: requests with their own English (the verbs differ by language),
 * things, times and places in the order of the English lists above.
 */
const book = (b: {
  want: [string[], string[]];
  things: string[];
  when: string[];
  places: string[];
  questions: Pair[];
  fix?: (s: string) => string;
}): PhraseBook => ({
  want: zip(...b.want),
  things: zip(b.things, thingsEn),
  when: zip(b.when, whenEn),
  places: zip(b.places, placesEn),
  questions: b.questions,
  fix: b.fix,
});

const BOOKS: Record<string, PhraseBook> = {
  spanish: book({
    want: [['Quisiera', 'Necesito', 'Busco', 'Me gustaría reservar', 'Quiero comprar', 'Prefiero', 'Voy a pedir', 'Nos hace falta'], wantEn],
    things: [
      'un café',
      'una mesa para dos',
      'un billete de tren',
      'una habitación doble',
      'un taxi',
      'una botella de agua',
      'un mapa de la ciudad',
      'una entrada para el museo',
      'un bocadillo',
      'una tarjeta SIM',
      'un paraguas',
      'una camiseta azul',
      'un regalo para mi madre',
      'una ensalada',
      'un zumo de naranja',
      'una cita con el médico',
    ],
    when: ['para esta noche', 'para mañana', 'por favor', 'ahora mismo', 'para el sábado', 'antes de las diez', 'para el fin de semana', 'cerca de aquí'],
    places: [
      'la estación',
      'la farmacia',
      'el museo',
      'la playa',
      'el hotel',
      'la parada de autobús',
      'el mercado',
      'el aeropuerto',
      'la biblioteca',
      'el banco',
      'la plaza mayor',
      'la oficina de correos',
    ],
    questions: [
      ['¿Dónde está {p}?', 'Where is {p}?'],
      ['¿Cómo llego a {p}?', 'How do I get to {p}?'],
      ['¿Está lejos {p}?', 'Is {p} far?'],
      ['¿A qué hora abre {p}?', 'What time does {p} open?'],
    ],
    fix: (s) => s.replace(/\ba el\b/g, 'al'),
  }),
  french: book({
    want: [
      ['Je voudrais', 'Il me faut', 'Je cherche', 'Je voudrais réserver', 'Je veux acheter', 'Je préfère', 'Je vais prendre', 'Nous cherchons'],
      ['I would like', 'I need', 'I am looking for', 'I would like to book', 'I want to buy', 'I prefer', 'I will have', 'We are looking for'],
    ],
    things: [
      'un café',
      'une table pour deux',
      'un billet de train',
      'une chambre double',
      'un taxi',
      "une bouteille d'eau",
      'un plan de la ville',
      'un billet pour le musée',
      'un sandwich',
      'une carte SIM',
      'un parapluie',
      'un tee-shirt bleu',
      'un cadeau pour ma mère',
      'une salade',
      "un jus d'orange",
      'un rendez-vous chez le médecin',
    ],
    when: ['pour ce soir', 'pour demain', "s'il vous plaît", 'tout de suite', 'pour samedi', 'avant dix heures', 'pour le week-end', "près d'ici"],
    places: [
      'la gare',
      'la pharmacie',
      'le musée',
      'la plage',
      "l'hôtel",
      "l'arrêt de bus",
      'le marché',
      "l'aéroport",
      'la bibliothèque',
      'la banque',
      'la place principale',
      'la poste',
    ],
    questions: [
      ['Où est {p} ?', 'Where is {p}?'],
      ['Comment aller à {p} ?', 'How do I get to {p}?'],
      ['Est-ce que {p} est loin ?', 'Is {p} far?'],
      ['À quelle heure ouvre {p} ?', 'What time does {p} open?'],
    ],
    fix: (s) => s.replace(/\bà le\b/g, 'au'),
  }),
  german: book({
    want: [
      ['Ich hätte gern', 'Ich brauche', 'Ich suche', 'Ich nehme', 'Ich kaufe', 'Wir brauchen', 'Ich bestelle', 'Wir suchen'],
      ['I would like', 'I need', 'I am looking for', 'I will take', 'I am buying', 'We need', 'I am ordering', 'We are looking for'],
    ],
    things: [
      'einen Kaffee',
      'einen Tisch für zwei',
      'eine Fahrkarte',
      'ein Doppelzimmer',
      'ein Taxi',
      'eine Flasche Wasser',
      'einen Stadtplan',
      'eine Museumskarte',
      'ein Sandwich',
      'eine SIM-Karte',
      'einen Regenschirm',
      'ein blaues T-Shirt',
      'ein Geschenk für meine Mutter',
      'einen Salat',
      'einen Orangensaft',
      'einen Termin beim Arzt',
    ],
    when: ['für heute Abend', 'für morgen', 'bitte', 'sofort', 'für Samstag', 'vor zehn Uhr', 'für das Wochenende', 'hier in der Nähe'],
    places: [
      'der Bahnhof',
      'die Apotheke',
      'das Museum',
      'der Strand',
      'das Hotel',
      'die Bushaltestelle',
      'der Markt',
      'der Flughafen',
      'die Bibliothek',
      'die Bank',
      'der Marktplatz',
      'die Post',
    ],
    questions: [
      ['Wo ist {p}?', 'Where is {p}?'],
      ['Ist {p} weit?', 'Is {p} far?'],
      ['Wann öffnet {p}?', 'What time does {p} open?'],
      ['Wie weit ist {p}?', 'How far is {p}?'],
    ],
  }),
};
/** Languages without a phrase book get English on both sides (still searchable, still varied). */
const questionsEn = ['Where is {p}?', 'How do I get to {p}?', 'Is {p} far?', 'What time does {p} open?'];
const english = book({ want: [wantEn, wantEn], things: thingsEn, when: whenEn, places: placesEn, questions: zip(questionsEn, questionsEn) });

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The n-th phrase of a language: four in five are requests (8 x 16 x 8 = 1,024 of them), one in
 * five a question about a place (48). A stride coprime with each list's length walks all
 * combinations before any repeats.
 */
export function phraseText(language: string, n: number): { original_text: string; translated_text: string } {
  const b = BOOKS[language] ?? english;
  const fix = b.fix ?? ((s: string) => s);
  if (n % 5 === 4) {
    const k = Math.floor(n / 5) * 7;
    const [qo, qe] = b.questions[k % b.questions.length];
    const [po, pe] = b.places[Math.floor(k / b.questions.length) % b.places.length];
    return { original_text: fix(qo.replace('{p}', po)), translated_text: capital(qe.replace('{p}', pe)) };
  }
  const k = (n - Math.floor(n / 5)) * 37;
  const [wo, we] = b.want[k % b.want.length];
  const [to, te] = b.things[Math.floor(k / b.want.length) % b.things.length];
  // Shifted by the thing, so neighbouring phrases (one lesson) do not all end alike; still one of each combination.
  const [xo, xe] = b.when[(Math.floor(k / (b.want.length * b.things.length)) + Math.floor(k / b.want.length)) % b.when.length];
  return { original_text: fix(`${wo} ${to} ${xo}.`), translated_text: `${we} ${te} ${xe}.` };
}

const TOPICS_EN = [
  'At the hotel',
  'Ordering food',
  'Train travel',
  'Shopping for clothes',
  'At the pharmacy',
  'Asking the way',
  'The weather',
  'Family',
  'Hobbies',
  'At the doctor',
  'Numbers and prices',
  'Time and dates',
  'At the bank',
  'Renting a car',
  'At the airport',
  'Making friends',
  'At work',
  'Emergencies',
  'Sightseeing',
  'At the market',
  'On the phone',
  'Small talk',
  'At the beach',
  'Public transport',
];
const TOPICS: Record<string, string[]> = {
  spanish: [
    'En el hotel',
    'Pedir comida',
    'Viajar en tren',
    'Comprar ropa',
    'En la farmacia',
    'Preguntar el camino',
    'El tiempo',
    'La familia',
    'Aficiones',
    'En el médico',
    'Números y precios',
    'La hora y las fechas',
    'En el banco',
    'Alquilar un coche',
    'En el aeropuerto',
    'Hacer amigos',
    'En el trabajo',
    'Emergencias',
    'Turismo',
    'En el mercado',
    'Al teléfono',
    'Charla informal',
    'En la playa',
    'Transporte público',
  ],
  french: [
    "À l'hôtel",
    'Commander à manger',
    'Voyager en train',
    'Acheter des vêtements',
    'À la pharmacie',
    'Demander son chemin',
    'La météo',
    'La famille',
    'Les loisirs',
    'Chez le médecin',
    'Nombres et prix',
    "L'heure et les dates",
    'À la banque',
    'Louer une voiture',
    "À l'aéroport",
    'Se faire des amis',
    'Au travail',
    'Urgences',
    'Visites touristiques',
    'Au marché',
    'Au téléphone',
    'Bavardage',
    'À la plage',
    'Transports en commun',
  ],
  german: [
    'Im Hotel',
    'Essen bestellen',
    'Mit dem Zug reisen',
    'Kleidung kaufen',
    'In der Apotheke',
    'Nach dem Weg fragen',
    'Das Wetter',
    'Die Familie',
    'Hobbys',
    'Beim Arzt',
    'Zahlen und Preise',
    'Uhrzeit und Datum',
    'In der Bank',
    'Ein Auto mieten',
    'Am Flughafen',
    'Freunde finden',
    'Bei der Arbeit',
    'Notfälle',
    'Sehenswürdigkeiten',
    'Auf dem Markt',
    'Telefonieren',
    'Smalltalk',
    'Am Strand',
    'Öffentliche Verkehrsmittel',
  ],
};
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The k-th fixture lesson of a level: its id (under `prefix`), title in the language and English title. */
export function lessonText(language: string, prefix: string, k: number) {
  const topic = k % TOPICS_EN.length;
  const part = Math.floor(k / TOPICS_EN.length) + 1;
  const suffix = part > 1 ? ` ${part}` : '';
  return {
    id: `${prefix}-${slug(TOPICS_EN[topic])}-${part}`,
    title: `${(TOPICS[language] ?? TOPICS_EN)[topic]}${suffix}`,
    translated_title: `${TOPICS_EN[topic]}${suffix}`,
  };
}

const FIRST = [
  'Amelia',
  'Lucas',
  'Sofia',
  'Mateo',
  'Chloé',
  'Noah',
  'Emma',
  'Liam',
  'Mia',
  'Hugo',
  'Lena',
  'Jonas',
  'Ines',
  'Marco',
  'Zoe',
  'Felix',
  'Nora',
  'Pablo',
  'Clara',
  'Omar',
  'Yuki',
  'Aiko',
  'Wei',
  'Priya',
  'Kofi',
];
const LAST = ['García', 'Martin', 'Müller', 'Rossi', 'Dubois', 'Schmidt', 'López', 'Bernard', 'Weber', 'Silva', 'Kowalski', 'Nguyen', 'Tanaka', 'Okafor'];

/** The n-th fixture user: a display name and an e-mail (lower-case ASCII, as Cognito's sign-in alias is used). */
export function userText(prefix: string, n: number) {
  const first = FIRST[n % FIRST.length];
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length];
  const ascii = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return {
    name: `${first} ${last}`,
    email: `${prefix ? `${prefix}.` : ''}${ascii(first)}.${ascii(last)}.${String(n + 1).padStart(3, '0')}@learners.parrotphrases.test`,
  };
}

const POST_TEMPLATES = ['{n} {L} phrases: {t}', 'How to get by in {L}: {t}', '{L} for travellers: {t}', 'A week of {L}: {t}', 'Common mistakes in {L}: {t}'];

/** The n-th fixture post's title, about one of `languages` and one lesson topic. */
export function postTitle(languages: { id: string; name: string }[], n: number) {
  const lang = languages[n % languages.length];
  const topic = TOPICS_EN[Math.floor(n / languages.length) % TOPICS_EN.length].toLowerCase();
  const template = POST_TEMPLATES[Math.floor(n / (languages.length * TOPICS_EN.length)) % POST_TEMPLATES.length];
  return {
    language: lang.id,
    title: template
      .replace('{n}', String(5 + (n % 4) * 5))
      .replace('{L}', lang.name)
      .replace('{t}', topic),
  };
}

export const postContent = (title: string, languageName: string) =>
  [
    `${title}: the phrases below are the ones you will hear and say most often.`,
    `Listen to each one, repeat it out loud, then reveal the translation.`,
    `Practise them for a few minutes a day and they will come naturally when you need them.`,
    `Then open the ${languageName} lessons for more.`,
  ].join('\n');
