/**
 * The API path of every public read, which is also its SWR cache key. The page hooks, the route
 * table's data plan (what the server answers for a page) and the tests all build keys here, so the
 * page renders from the answer under the key its hook reads.
 */
const enc = encodeURIComponent;

export const keys = {
  settings: '/settings',
  languages: '/languages',
  posts: (limit?: number) => (limit ? `/blog?limit=${limit}` : '/blog'),
  post: (slug: string) => `/blog/${enc(slug)}`,
  languagePage: (language: string) => `/pages/language/${enc(language)}`,
  levelPage: (language: string, level: string) => `/pages/level/${enc(language)}/${enc(level)}`,
  lessonPage: (language: string, level: string, lesson: string) => `/pages/lesson/${enc(language)}/${enc(level)}/${enc(lesson)}`,
  /** `null` when the query is incomplete: the locked screen then shows its generic text. */
  locked(p: URLSearchParams): string | null {
    const type = p.get('type');
    const id = p.get('id');
    const languageId = p.get('languageId');
    const levelId = p.get('levelId');
    if (!id || !languageId) return null;
    if (type === 'level') return `/pages/locked?${new URLSearchParams({ type, id, languageId })}`;
    if (type === 'lesson' && levelId) return `/pages/locked?${new URLSearchParams({ type, id, languageId, levelId })}`;
    return null;
  },
};
