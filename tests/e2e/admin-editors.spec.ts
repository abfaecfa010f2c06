/**
 * Editors per language, as a course team meets them: an admin makes a user the editor of one
 * language in User Management; the editor signs in and the back office shows them only what they
 * can do: Undo after their own delete, a Trash of their languages, no Delete on a published post
 * without the blog right. The rules themselves (every route for every role) are tested in
 * tests/integration/roles.test.ts and tests/integration/trash.test.ts.
 */
import { expect, test } from '@playwright/test';
import { ensureUser } from '../../infra/twin/bootstrap.js';
import { ADMIN_STATE, adminApi, expectAccessible, openAdminSection, shot, signInAs, toast, twinCognito } from './helpers.js';

test('an admin makes a user the editor of one language; the editor sees only that language and no admin screens', async ({ browser }) => {
  // A user of their own per project: the other project's run has made its user an editor already.
  const user = { email: `editor-${test.info().project.name}@parrotphrases.test`, password: 'Editor-Passw0rd!' };
  const { cognito, state } = twinCognito();
  await ensureUser(cognito, state.userPoolId, user.email, user.password, false);
  const languages = (await (await fetch(`${test.info().project.use.baseURL}/api/languages`)).json()) as { id: string; name: string }[];
  const [mine, other] = languages;
  // Drafts of their own (never public, so no other spec sees them): a lesson of each language, the
  // other's deleted by the admin; a draft post beside the demo's published one.
  const tag = test.info().project.name;
  const lesson = { id: `undo-${tag}`, title: `Undo me ${tag}` };
  for (const lang of [mine, other]) {
    await adminApi('POST', '/api/levels', {
      id: `rights-${tag}`,
      language_id: lang.id,
      title: `Rights ${tag}`,
      cefr_label: 'A1',
      icon_url: '',
      is_draft: true,
    });
    await adminApi('POST', '/api/lessons', { ...lesson, language_id: lang.id, level_id: `rights-${tag}`, translated_title: 'Undo', is_draft: true });
  }
  await adminApi('DELETE', `/api/lessons/${other.id}/rights-${tag}/${lesson.id}`);
  const draftPost = (await (await adminApi('POST', '/api/admin/blog', { title: `Editor draft ${tag}`, content: 'Not public yet.' })).json()) as { id: string };
  const [published] = (await (await fetch(`${test.info().project.use.baseURL}/api/blog`)).json()) as { title: string }[];

  const adminContext = await browser.newContext({ storageState: ADMIN_STATE });
  const admin = await adminContext.newPage();
  await admin.goto(`/admin/users?q=${encodeURIComponent(user.email)}`);
  await admin.getByRole('button', { name: `Make Editor: ${user.email}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Make Editor' });
  await dialog.getByRole('button', { name: 'Make Editor' }).click();
  await expect(dialog.getByText('Choose at least one language')).toBeVisible();
  await dialog.getByRole('checkbox', { name: mine.name, exact: true }).check();
  await shot(admin, 'editor-dialog');
  await dialog.getByRole('button', { name: 'Make Editor' }).click();
  await expect(toast(admin, `${user.email} can now edit ${mine.id}`)).toBeVisible();
  await expect(admin.getByText('Editor', { exact: true }).first()).toBeVisible();
  await adminContext.close();

  const page = await (await browser.newContext()).newPage();
  await signInAs(page, user.email, user.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Page Views (last 30 days)' })).toHaveCount(0);

  await page.goto('/admin/languages');
  await expect(page.getByRole('list', { name: 'Languages' }).getByRole('listitem')).toHaveText([new RegExp(mine.name)]);
  await expect(page.getByRole('button', { name: 'Add Language' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${mine.name}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Edit ${mine.name}` })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'editor-languages');

  // The admin screens are not there, by link or by address.
  const nav = page
    .getByRole('navigation')
    .filter({ has: page.getByRole('link', { name: 'Languages' }) })
    .first();
  for (const hidden of ['Users', 'Settings', 'Activity']) await expect(nav.getByRole('link', { name: hidden, exact: true })).toHaveCount(0);
  for (const shown of ['Blog', 'Trash']) await expect(nav.getByRole('link', { name: shown, exact: true })).toBeVisible();
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin$/);

  // Their language's levels only; another language is not offered anywhere.
  await page.goto('/admin/levels');
  await expect(page.getByRole('combobox', { name: 'Language' }).getByRole('option', { name: other.name })).toHaveCount(0);

  // Their own delete has Undo, as an admin's has.
  await page.goto(`/admin/lessons?language=${mine.id}`);
  await page.getByRole('button', { name: `Delete ${lesson.title}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Lesson deleted successfully')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).last().click();
  await expect(toast(page, `Restored lesson "${lesson.title}"`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${lesson.title}` })).toBeVisible();

  // Deleted again, it is in their Trash, restorable; the other language's delete is not shown.
  await page.getByRole('button', { name: `Delete ${lesson.title}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Lesson deleted successfully')).toBeVisible();
  await openAdminSection(page, 'Trash');
  await expect(page.getByText('Deleted levels, lessons and blog posts of your languages', { exact: false })).toBeVisible();
  // A table row at 1280 px, a card at 390: the same texts either way.
  await expect(page.getByText(`Lesson: ${lesson.title}`, { exact: true })).toHaveCount(1);
  await expect(page.getByText(`${mine.id} / rights-${tag} / ${lesson.id} · 1 item`, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Restore lesson ${lesson.title}` })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Activity' })).toHaveCount(0);
  await shot(page, 'editor-trash');

  // Without the blog right: Delete on the draft post only, and the screen says which right the rest needs.
  await page.goto('/admin/blog');
  await expect(page.getByRole('button', { name: `Delete Editor draft ${tag}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${published.title}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${published.title}` })).toHaveCount(0);
  await expect(page.getByText("needs the blog right ('May publish blog posts')", { exact: false })).toBeVisible();
  await shot(page, 'editor-blog');

  await adminApi('DELETE', `/api/admin/blog/${draftPost.id}`);
  for (const lang of [mine, other]) await adminApi('DELETE', `/api/levels/${lang.id}/rights-${tag}`);
});
