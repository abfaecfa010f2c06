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

export const demoLanguages: DemoLanguage[] = [
  {
    id: 'spanish',
    name: 'Spanish',
    voice: 'es',
    stripes: { dir: 'h', colors: ['#AA151B', '#F1BF00', '#F1BF00', '#AA151B'] },
    levels: [
      {
        id: 'beginner',
        title: 'Beginner',
        cefr_label: 'A1',
        lessons: [
          {
            id: 'greetings',
            title: 'Saludos',
            translated_title: 'Greetings',
            groups: [
              [
                ['Hola', 'Hello'],
                ['Buenos días', 'Good morning'],
                ['¿Cómo estás?', 'How are you?'],
              ],
              [
                ['Mucho gusto', 'Nice to meet you'],
                ['Hasta luego', 'See you later'],
              ],
            ],
          },
          {
            id: 'at-the-cafe',
            title: 'En el café',
            translated_title: 'At the café',
            groups: [
              [
                ['Un café, por favor', 'A coffee, please'],
                ['La cuenta, por favor', 'The bill, please'],
                ['¿Cuánto cuesta?', 'How much is it?'],
              ],
            ],
          },
        ],
      },
      {
        id: 'elementary',
        title: 'Elementary',
        cefr_label: 'A2',
        lessons: [
          {
            id: 'directions',
            title: 'Direcciones',
            translated_title: 'Directions',
            groups: [
              [
                ['¿Dónde está la estación?', 'Where is the station?'],
                ['Gire a la izquierda', 'Turn left'],
              ],
            ],
          },
        ],
      },
      { id: 'intermediate', title: 'Intermediate', cefr_label: 'B1', is_locked: true, lessons: [] },
    ],
  },
  {
    id: 'french',
    name: 'French',
    voice: 'fr',
    stripes: { dir: 'v', colors: ['#002654', '#FFFFFF', '#CE1126'] },
    levels: [
      {
        id: 'beginner',
        title: 'Beginner',
        cefr_label: 'A1',
        lessons: [
          {
            id: 'greetings',
            title: 'Salutations',
            translated_title: 'Greetings',
            groups: [
              [
                ['Bonjour', 'Hello'],
                ['Bonsoir', 'Good evening'],
                ['Comment ça va ?', 'How are you?'],
              ],
            ],
          },
          {
            id: 'shopping',
            title: 'Les courses',
            translated_title: 'Shopping',
            groups: [
              [
                ['Combien ça coûte ?', 'How much does it cost?'],
                ['Je voudrais du pain', 'I would like some bread'],
              ],
            ],
          },
        ],
      },
      {
        id: 'elementary',
        title: 'Elementary',
        cefr_label: 'A2',
        lessons: [
          {
            id: 'travel',
            title: 'Voyager',
            translated_title: 'Travel',
            groups: [
              [
                ['Un billet pour Paris, s’il vous plaît', 'A ticket to Paris, please'],
                ['À quelle heure part le train ?', 'What time does the train leave?'],
              ],
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'german',
    name: 'German',
    voice: 'de',
    stripes: { dir: 'h', colors: ['#000000', '#DD0000', '#FFCE00'] },
    levels: [
      {
        id: 'beginner',
        title: 'Beginner',
        cefr_label: 'A1',
        lessons: [
          {
            id: 'greetings',
            title: 'Begrüßungen',
            translated_title: 'Greetings',
            groups: [
              [
                ['Hallo', 'Hello'],
                ['Guten Morgen', 'Good morning'],
                ['Wie geht es dir?', 'How are you?'],
              ],
            ],
          },
        ],
      },
      {
        id: 'elementary',
        title: 'Elementary',
        cefr_label: 'A2',
        lessons: [
          {
            id: 'restaurant',
            title: 'Im Restaurant',
            translated_title: 'At the restaurant',
            groups: [
              [
                ['Die Speisekarte, bitte', 'The menu, please'],
                ['Ich hätte gern ein Wasser', 'I would like a water'],
              ],
            ],
          },
        ],
      },
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
