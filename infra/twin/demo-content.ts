/**
 * The demo content of a new twin, kept as data in fixtures/demo-content.json: three languages with
 * their levels, lessons and phrases grouped by audio, and one blog post. Parsed here once, so a
 * mistake in the data file stops the seed with the path of the bad value, not halfway through it.
 */
import { z } from 'zod';
import data from './fixtures/demo-content.json' with { type: 'json' };

const levelInfo = z.object({ title: z.string().min(1), cefr_label: z.string().min(1) });
const lessonSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  translated_title: z.string().min(1),
  /** Each inner list shares one generated audio file (one group on the lesson page). */
  groups: z.array(z.array(z.tuple([z.string().min(1), z.string().min(1)])).min(1)),
});
const fileSchema = z.object({
  /** The levels by id: every language that has one calls it the same (the large fixture gives a language it creates the first two). */
  levels: z.object({ beginner: levelInfo, elementary: levelInfo, intermediate: levelInfo }),
  languages: z.array(
    z.object({
      id: z.string().min(1),
      name: z.string().min(1),
      voice: z.string().min(1),
      /** Three vertical or horizontal stripes make a recognisable flag without shipping images. */
      stripes: z.object({ dir: z.enum(['h', 'v']), colors: z.array(z.string()).min(1) }),
      levels: z.array(z.object({ id: z.enum(['beginner', 'elementary', 'intermediate']), is_locked: z.boolean().optional(), lessons: z.array(lessonSchema) })),
    }),
  ),
  /** One published post whose sample player plays a demo lesson (`lesson_path`). */
  post: z.object({
    title: z.string().min(1),
    excerpt: z.string(),
    /** Its paragraphs, one a line. */
    content: z.array(z.string()),
    lesson_path: z.string(),
    cover_svg: z.string().startsWith('<svg'),
  }),
});
const demo = fileSchema.parse(data);

export type DemoLesson = z.infer<typeof lessonSchema>;
export interface DemoLevel {
  id: string;
  title: string;
  cefr_label: string;
  is_locked?: boolean;
  lessons: DemoLesson[];
}
export type DemoLanguage = Omit<(typeof demo.languages)[number], 'levels'> & { levels: DemoLevel[] };

export const DEMO_LEVELS = demo.levels;
export const DEMO_POST = demo.post;

/** The demo courses, each level with its title and CEFR label from DEMO_LEVELS. */
export const demoLanguages: DemoLanguage[] = demo.languages.map((lang) => ({
  ...lang,
  levels: lang.levels.map(({ id, is_locked, lessons }) => ({ id, ...DEMO_LEVELS[id], ...(is_locked ? { is_locked: true } : {}), lessons })),
}));

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
