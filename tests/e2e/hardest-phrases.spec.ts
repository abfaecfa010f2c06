/**
 * The learners' hardest phrases, end to end: a visitor who accepted all cookies practises a lesson
 * and grades a phrase 'Again'; the Coverage screen then lists it under 'Hardest phrases' with its
 * rate, the reviews it rests on (too few: marked) and a link to edit it. That another consent counts
 * nothing, the ranking, the limits and the rights are unit and integration tests
 * (tests/unit/frontend/analytics-grades.test.ts, tests/unit/hardest.test.ts, tests/integration/hardest.test.ts).
 */
import { expect, test } from '@playwright/test';
import { adminApi, ADMIN_STATE, answerCookies, expectAccessible, islandsMounted, shot } from './helpers.js';

const call = (method: string, path: string, body?: unknown) => adminApi(method, `/api${path}`, body);
const languageOf = (project: string) => ({ id: `hardest-${project}`, name: `Hardest ${project}` });

test.use({ storageState: ADMIN_STATE });

test.afterEach(async () => {
  await call('DELETE', `/languages/${languageOf(test.info().project.name).id}`);
});

test("after practice with consent 'all', 'Hardest phrases' lists the phrase graded 'Again'", async ({ page, browser }, info) => {
  const language = languageOf(info.project.name);
  await call('POST', '/languages', { ...language, flag_url: 'https://example.com/flag.png' });
  await call('POST', '/levels', { id: 'a1', language_id: language.id, title: 'Starter', cefr_label: 'A1' });
  await call('POST', '/lessons', { id: 'greet', language_id: language.id, level_id: 'a1', title: 'Greetings', translated_title: 'Saludos' });
  await call('POST', '/phrases', {
    language_id: language.id,
    level_id: 'a1',
    lesson_id: 'greet',
    audio_url: '/media/content/audio/coverage.mp3',
    phrases: [
      { original_text: 'Hola', translated_text: 'Hello' },
      { original_text: 'Adiós', translated_text: 'Goodbye' },
    ],
  });

  // A visitor (no account) who accepted all cookies practises the lesson: the first card 'Again', then 'Good' until done.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const learner = await visitor.newPage();
  await answerCookies(learner, 'all');
  const sent: unknown[] = [];
  learner.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/analytics')) sent.push(...((r.postDataJSON() as { grades?: unknown[] }).grades ?? []));
  });
  await learner.goto(`/${language.id}/a1/greet/practice`);
  await islandsMounted(learner, 'practice');
  const practice = learner.getByTestId('practice');
  const gradeCard = async (label: 'Again' | 'Good') => {
    await practice.getByTestId('show-answer').click();
    const text = (await practice.locator('[data-stage] [data-original]').textContent()) ?? '';
    await practice.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    return text;
  };
  // Two cards: 'Again' brings the first back after the second, so three grades in all.
  const forgotten = await gradeCard('Again');
  for (let i = 0; i < 2; i++) await gradeCard('Good');
  await expect(practice.getByRole('heading', { name: 'Session complete' })).toBeVisible();
  // The client sends its batch within 2 s: the three grades.
  await expect.poll(() => sent.length).toBe(3);
  await visitor.close();

  await page.goto(`/admin/coverage?language=${language.id}`);
  const hardest = page.getByRole('region', { name: 'Hardest phrases' });
  const row = hardest.getByRole('link');
  await expect(row).toHaveText([new RegExp(`${forgotten}.*Starter › Greetings.*'Again' 1 of 2 reviews \\(50%\\): too few reviews to rely on.*Edit phrase`)]);
  await expect(hardest.getByText('Hardest first, from 3 reviews.', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await shot(hardest, 'coverage-hardest');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(hardest, 'coverage-hardest');
  await page.setViewportSize({ width: 1280, height: 800 });

  // 'Edit phrase': the phrase's lesson in Manage Phrases, searched for it.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin/phrases\\?language=${language.id}&level=a1&lesson=greet&q=`));
  await expect(page.getByRole('button', { name: `Edit ${forgotten}` })).toBeVisible();
});
