/** Demo course content for the local twin: three languages, two levels each, phrases grouped by audio. */
export interface DemoLesson {
  id: string;
  title: string;
  translated_title: string;
  /** Each inner list shares one generated audio file (one group on the lesson page). */
  groups: [original: string, translation: string][][];
}
export interface DemoLevel {
  id: string;
  title: string;
  cefr_label: string;
  is_locked?: boolean;
  lessons: DemoLesson[];
}
export interface DemoLanguage {
  id: string;
  name: string;
  voice: string;
  /** Three vertical or horizontal stripes make a recognisable flag without shipping images. */
  stripes: { dir: 'h' | 'v'; colors: string[] };
  levels: DemoLevel[];
}

/**
 * The levels of the demo courses, by id: every language that has one calls it the same (the large
 * fixture gives a language it creates the first two).
 */
export const DEMO_LEVELS = {
  beginner: { title: 'Beginner', cefr_label: 'A1' },
  elementary: { title: 'Elementary', cefr_label: 'A2' },
  intermediate: { title: 'Intermediate', cefr_label: 'B1' },
} as const;

/** A level of one demo course: its title and CEFR label from DEMO_LEVELS. */
const level = (id: keyof typeof DEMO_LEVELS, lessons: DemoLesson[], locked = false): DemoLevel => ({
  id,
  ...DEMO_LEVELS[id],
  ...(locked ? { is_locked: true } : {}),
  lessons,
});
const lesson = (id: string, title: string, translated_title: string, ...groups: DemoLesson['groups']): DemoLesson => ({ id, title, translated_title, groups });

export const demoLanguages: DemoLanguage[] = [
  {
    id: 'spanish',
    name: 'Spanish',
    voice: 'es',
    stripes: { dir: 'h', colors: ['#AA151B', '#F1BF00', '#F1BF00', '#AA151B'] },
    levels: [
      level('beginner', [
        lesson(
          'greetings',
          'Saludos',
          'Greetings',
          [
            ['Hola', 'Hello'],
            ['Buenos días', 'Good morning'],
            ['¿Cómo estás?', 'How are you?'],
          ],
          [
            ['Mucho gusto', 'Nice to meet you'],
            ['Hasta luego', 'See you later'],
          ],
        ),
        lesson('at-the-cafe', 'En el café', 'At the café', [
          ['Un café, por favor', 'A coffee, please'],
          ['La cuenta, por favor', 'The bill, please'],
          ['¿Cuánto cuesta?', 'How much is it?'],
        ]),
      ]),
      level('elementary', [
        lesson('directions', 'Direcciones', 'Directions', [
          ['¿Dónde está la estación?', 'Where is the station?'],
          ['Gire a la izquierda', 'Turn left'],
        ]),
      ]),
      level('intermediate', [], true),
    ],
  },
  {
    id: 'french',
    name: 'French',
    voice: 'fr',
    stripes: { dir: 'v', colors: ['#002654', '#FFFFFF', '#CE1126'] },
    levels: [
      level('beginner', [
        lesson('greetings', 'Salutations', 'Greetings', [
          ['Bonjour', 'Hello'],
          ['Bonsoir', 'Good evening'],
          ['Comment ça va ?', 'How are you?'],
        ]),
        lesson('shopping', 'Les courses', 'Shopping', [
          ['Combien ça coûte ?', 'How much does it cost?'],
          ['Je voudrais du pain', 'I would like some bread'],
        ]),
      ]),
      level('elementary', [
        lesson('travel', 'Voyager', 'Travel', [
          ['Un billet pour Paris, s’il vous plaît', 'A ticket to Paris, please'],
          ['À quelle heure part le train ?', 'What time does the train leave?'],
        ]),
      ]),
    ],
  },
  {
    id: 'german',
    name: 'German',
    voice: 'de',
    stripes: { dir: 'h', colors: ['#000000', '#DD0000', '#FFCE00'] },
    levels: [
      level('beginner', [
        lesson('greetings', 'Begrüßungen', 'Greetings', [
          ['Hallo', 'Hello'],
          ['Guten Morgen', 'Good morning'],
          ['Wie geht es dir?', 'How are you?'],
        ]),
      ]),
      level('elementary', [
        lesson('restaurant', 'Im Restaurant', 'At the restaurant', [
          ['Die Speisekarte, bitte', 'The menu, please'],
          ['Ich hätte gern ein Wasser', 'I would like a water'],
        ]),
      ]),
    ],
  },
];

export function flagSvg({ dir, colors }: DemoLanguage['stripes']) {
  const n = colors.length;
  const rects = colors
    .map((c, i) =>
      dir === 'h'
        ? `<rect x="0" y="${(i * 60) / n}" width="90" height="${60 / n}" fill="${c}"/>`
        : `<rect x="${(i * 90) / n}" y="0" width="${90 / n}" height="60" fill="${c}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90 60" width="90" height="60">${rects}</svg>`;
}
