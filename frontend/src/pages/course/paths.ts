/** Where locked items send the visitor: the locked-content screen with the spec's query params. */
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const lockedLevelPath = (languageId: string, levelId: string) => `/locked-content?${q({ type: 'level', id: levelId, languageId })}`;

export const lockedLessonPath = (languageId: string, levelId: string, lessonId: string) =>
  `/locked-content?${q({ type: 'lesson', id: lessonId, languageId, levelId })}`;

export const lessonPath = (languageId: string, levelId: string, lessonId: string) => `/${languageId}/${levelId}/${lessonId}`;
