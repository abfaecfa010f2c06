/**
 * Texts of the large fixture (seed-large.ts), generated deterministically from the phrase books,
 * topics and names in twin/fixtures/large-phrasebooks.json: lesson topics in the demo languages,
 * everyday phrases built from small phrase books (request + thing + when, or a question about a
 * place) with their English translation, blog titles and user names. The same index always gives
 * the same text, so a re-run of the fixture writes nothing new: edit the data file with care (a
 * changed word changes the fixture's items).
 */
import { z } from 'zod';
import data from '../twin/fixtures/large-phrasebooks.json' with { type: 'json' };

const pair = z.tuple([z.string(), z.string()]);
const words = z.array(z.string()).min(1);
const fileSchema = z.object({
  /** The English lists: things, times and places of every book are in their order. */
  english: z.object({ want: words, things: words, when: words, places: words, questions: words }),
  books: z.record(
    z.string(),
    z.object({
      /** Requests with their own English (the verbs differ by language). */
      want: z.array(pair).min(1),
      things: words,
      when: words,
      places: words,
      /** `{p}` is a place. */
      questions: z.array(pair).min(1),
      /** Article contractions the templates produce ("a el" → "al"): [regular expression, replacement]. */
      contractions: z.array(pair).optional(),
    }),
  ),
  topics: z.object({ english: words }).catchall(words),
  names: z.object({ first: words, last: words }),
  /** `{n}` a count, `{L}` the language, `{t}` a topic. */
  post_titles: words,
  /** `{title}` the post's title, `{language}` its language. */
  post_paragraphs: words,
});
const DATA = fileSchema.parse(data);

type Pair = readonly [original: string, english: string];
interface PhraseBook {
  want: Pair[];
  things: Pair[];
  when: Pair[];
  places: Pair[];
  questions: Pair[];
  fix?: (s: string) => string;
}

const EN = DATA.english;
const zip = (originals: string[], english: string[]): Pair[] => originals.map((o, i) => [o, english[i]] as const);
/** The contractions as one function, applied to a whole phrase (each rule everywhere in it). */
const contract = (rules: [string, string][]) => (s: string) => rules.reduce((out, [pattern, to]) => out.replace(new RegExp(pattern, 'g'), to), s);

const BOOKS: Record<string, PhraseBook> = Object.fromEntries(
  Object.entries(DATA.books).map(([id, b]) => [
    id,
    {
      want: b.want,
      things: zip(b.things, EN.things),
      when: zip(b.when, EN.when),
      places: zip(b.places, EN.places),
      questions: b.questions,
      fix: b.contractions && contract(b.contractions),
    },
  ]),
);
/** Languages without a phrase book get English on both sides (still searchable, still varied). */
const english: PhraseBook = {
  want: zip(EN.want, EN.want),
  things: zip(EN.things, EN.things),
  when: zip(EN.when, EN.when),
  places: zip(EN.places, EN.places),
  questions: zip(EN.questions, EN.questions),
};

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

const TOPICS_EN = DATA.topics.english;
const TOPICS: Record<string, string[]> = DATA.topics;
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

const FIRST = DATA.names.first;
const LAST = DATA.names.last;

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

const POST_TEMPLATES = DATA.post_titles;

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

/** The n-th fixture post's text: its paragraphs, one a line. */
export const postContent = (title: string, languageName: string) =>
  DATA.post_paragraphs.map((p) => p.replace('{title}', () => title).replace('{language}', () => languageName)).join('\n');
