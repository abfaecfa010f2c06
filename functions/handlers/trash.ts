/**
 * /api/admin/trash: what admins deleted in the last 30 days (languages, levels, lessons, posts), and
 * putting one back exactly as it was (functions/data/trash.ts). A restore ends the CDN's copies of
 * the pages it brings back, as the delete ended them.
 */
import { getPost, listPublished } from '../data/blog.js';
import { courseSequence, listLanguageLessons, listLessons, listLevels } from '../data/course.js';
import { getTrashEntry, listTrash, restoreFromTrash, TRASH_GONE_TEXT } from '../data/trash.js';
import { notFound } from '../lib/errors.js';
import { confirmAdmin } from '../lib/admins.js';
import { recordAudit } from '../lib/audit.js';
import { invalidate, lookup, withNeighbours } from '../lib/cdn.js';
import { languagePaths, lessonPaths, levelPaths, linkedPostPaths, postPaths } from '../lib/cdn-paths.js';
import { router } from '../lib/http.js';
import { trashIdSchema, type TrashEntry } from '../shared/contracts/trash.js';

/** The pages a restored item is on again (the same ones its delete invalidated). */
async function pathsOf(e: TrashEntry, moved: string[]): Promise<string[]> {
  const posts = () => lookup('published posts', () => listPublished());
  if (e.kind === 'post') {
    const post = e.post_id ? await getPost(e.post_id) : undefined;
    return post?.published ? postPaths(post.slug) : [];
  }
  const lang = e.language_id ?? '';
  if (e.kind === 'language') {
    const tree = await lookup('course tree', async () => ({ levels: await listLevels(lang), lessons: await listLanguageLessons(lang) }));
    return [...languagePaths(lang, tree), ...linkedPostPaths(await posts(), `${lang}/`)];
  }
  const level = e.level_id ?? '';
  if (e.kind === 'level') {
    const lessons = await lookup('lessons of a level', async () => (await listLessons(lang, level)).map((l) => l.id));
    return [...levelPaths(lang, level, lessons), ...moved, ...linkedPostPaths(await posts(), `${lang}/${level}/`)];
  }
  const lesson = e.lesson_id ?? '';
  return [...lessonPaths(lang, level, lesson, { countChanged: true }), ...moved, ...linkedPostPaths(await posts(), `${lang}/${level}/${lesson}`)];
}

export const handler = router(
  {
    'GET /api/admin/trash': () => listTrash(),

    'POST /api/admin/trash/{id}/restore': async ({ params, audit }) => {
      // An id that cannot be one names nothing in the Trash (and never reaches the table as a key).
      const id = trashIdSchema.safeParse(params.id);
      if (!id.success) throw notFound(TRASH_GONE_TEXT);
      // A level or lesson coming back moves its neighbours' Previous/Next links (withNeighbours).
      const found = await getTrashEntry(id.data);
      const lang = found && found.kind !== 'post' && found.kind !== 'language' ? found.language_id : undefined;
      const { result: entry, moved } = lang
        ? await withNeighbours(
            lang,
            () => courseSequence(lang),
            () => restoreFromTrash(id.data),
          )
        : { result: await restoreFromTrash(id.data), moved: [] };
      audit({ id: entry.id, label: `${entry.kind} ${entry.label}`, after: { restored: entry.label } });
      await invalidate(await pathsOf(entry, moved));
      return entry;
    },
  },
  { confirmAdmin, audit: recordAudit },
);
