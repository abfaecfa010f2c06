/**
 * The API path of every public read, which is also its SWR cache key. The page hooks, the route
 * table's data plan (what the server answers for a page) and the tests all build keys here, so the
 * page renders from the answer under the key its hook reads. The paths themselves come from the
 * one URL module (shared/urls.ts).
 */
import { api } from '@shared/urls';

export const keys = {
  settings: api.settings,
  languages: api.languages,
  posts: api.posts,
  post: api.post,
  languagePage: api.languagePage,
  levelPage: api.levelPage,
  lessonPage: api.lessonPage,
  /** The /search page's read: the query and language as the page was asked for them. */
  search: (p: URLSearchParams) => api.search(p.get('q') ?? '', p.get('language') ?? undefined),
  /** `null` when the query is incomplete: the locked screen then shows its generic text. */
  locked(p: URLSearchParams): string | null {
    const type = p.get('type');
    const id = p.get('id');
    const languageId = p.get('languageId');
    const levelId = p.get('levelId');
    if (!id || !languageId) return null;
    if (type === 'level') return api.locked({ type, id, languageId });
    if (type === 'lesson' && levelId) return api.locked({ type, id, languageId, levelId });
    return null;
  },
};
