/**
 * The review step as a course team meets it (docs/back-office.md "Reviews"): an admin names a
 * reviewer of a language in User Management; its editor cannot publish a draft until a reviewer
 * approves it; 'Request changes' shows its comment beside the field in the editor's draft dialog.
 * The rules themselves (the publish and schedule gate, the states, the mail, who sees what) are
 * tested in tests/unit/approvals.test.ts and tests/integration/approvals.test.ts.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ensureUser } from '../../infra/twin/bootstrap.js';
import { ADMIN_STATE, adminApi, expectAccessible, openAdminSection, shot, signInAs, toast, twinCognito } from './helpers.js';

const PASSWORD = 'Review-Passw0rd!';

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  return page;
}
const subOf = async (email: string) =>
  ((await (await adminApi('GET', `/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as { items: { id: string; email: string }[] }).items.find(
    (u) => u.email === email,
  )?.id ?? '';

// The journey's own language goes when it ends, pass or fail: the export spec lists every language.
let made: string | undefined;
test.afterAll(async () => {
  if (made) await adminApi('DELETE', `/api/languages/${made}`);
});

test("a draft of a language with a reviewer is published only after 'Approve'; 'Request changes' shows its comment to the editor", async ({ browser }) => {
  // Three people signed in one after another, in one journey.
  test.setTimeout(180_000);
  const tag = test.info().project.name;
  // A language of its own, never public (a draft), so no other spec meets its reviewer.
  const lang = { id: `reviews-${tag}`, name: `Reviews ${tag}` };
  const editor = `review-editor-${tag}@parrotphrases.test`;
  const reviewer = `review-reviewer-${tag}@parrotphrases.test`;
  const lessons = `/admin/lessons?language=${lang.id}&level=a1`;
  await adminApi('POST', '/api/languages', { ...lang, flag_url: 'https://flags.example/r.svg', is_draft: true });
  made = lang.id;
  await adminApi('POST', '/api/levels', { id: 'a1', language_id: lang.id, title: 'Beginner', cefr_label: 'A1', icon_url: '' });
  await adminApi('POST', '/api/lessons', { id: 'hello', language_id: lang.id, level_id: 'a1', title: 'Helo', translated_title: 'Hello', is_draft: true });
  const { cognito, state } = twinCognito();
  for (const email of [editor, reviewer]) {
    await ensureUser(cognito, state.userPoolId, email, PASSWORD, false);
    await adminApi('PUT', `/api/admin/users/${await subOf(email)}/editor`, { languages: [lang.id], publish_posts: false });
  }

  // The admin names the reviewer in User Management: 'Reviewer' beside the language they edit.
  const admin = await (await browser.newContext({ storageState: ADMIN_STATE })).newPage();
  await admin.goto(`/admin/users?q=${encodeURIComponent(reviewer)}`);
  await admin.getByRole('button', { name: `Editor rights: ${reviewer}` }).click();
  const rights = admin.getByRole('dialog', { name: 'Editor rights' });
  await rights.getByRole('checkbox', { name: `Reviewer of ${lang.name}` }).check();
  await shot(admin, 'reviewer-rights');
  await rights.getByRole('button', { name: 'Save Rights' }).click();
  await expect(rights).toBeHidden();
  await admin.context().close();

  // The editor: no 'Publish now' for an unapproved draft, only 'Request review'.
  const page = await signedIn(browser, editor);
  await page.goto(lessons);
  const menu = page.getByRole('button', { name: 'Publishing: Helo' });
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Publish now' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Request review...' }).click();
  const ask = page.getByRole('dialog', { name: 'Request review' });
  await ask.getByLabel('Note for the reviewers').fill('First lesson, please check the title');
  await ask.getByRole('button', { name: 'Request review' }).click();
  await expect(toast(page, 'Review requested for Helo')).toBeVisible();
  await expect(page.getByText('In review', { exact: true })).toBeVisible();

  // The reviewer finds it on 'Reviews' and asks for a change of the title.
  const review = await signedIn(browser, reviewer);
  await openAdminSection(review, 'Reviews');
  await expect(review.getByRole('heading', { name: 'Waiting for your review' })).toBeVisible();
  await shot(review, 'reviews-screen');
  await review.getByRole('button', { name: 'Review Helo' }).click();
  const answer = review.getByRole('dialog', { name: 'Review: Helo' });
  await expect(answer.getByText('First lesson, please check the title')).toBeVisible();
  await answer.getByRole('combobox', { name: 'About' }).selectOption({ label: 'Title' });
  await answer.getByRole('textbox', { name: 'Comment' }).fill('Spelled "Hello"');
  await expectAccessible(review, '[role="dialog"]');
  await shot(review, 'review-dialog');
  await answer.getByRole('button', { name: 'Request changes' }).click();
  await expect(toast(review, 'Changes requested for Helo')).toBeVisible();

  // The editor sees the comment beside the field, corrects it and asks again.
  await page.reload();
  await expect(page.getByText('Changes requested', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Helo' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Lesson' });
  await expect(edit.getByText('Reviewer: Spelled "Hello"')).toBeVisible();
  await shot(page, 'review-comment');
  await edit.getByRole('textbox', { name: 'Title' }).first().fill('Hello');
  await edit.getByRole('button', { name: 'Update Lesson' }).click();
  await expect(edit).toBeHidden();
  await page.getByRole('button', { name: 'Publishing: Hello' }).click();
  await expect(page.getByRole('menuitem', { name: 'Publish now' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Request review...' }).click();
  await page.getByRole('dialog', { name: 'Request review' }).getByRole('button', { name: 'Request review' }).click();
  await expect(toast(page, 'Review requested for Hello')).toBeVisible();

  // The reviewer approves; now the editor may publish.
  await review.reload();
  await review.getByRole('button', { name: 'Review Hello' }).click();
  await review.getByRole('dialog', { name: 'Review: Hello' }).getByRole('button', { name: 'Approve' }).click();
  await expect(toast(review, 'Hello is approved')).toBeVisible();
  await expect(review.getByText('Nothing waits for your review.')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Publishing: Hello' }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
  await expect(toast(page, 'Hello is live')).toBeVisible();
  await shot(page, 'review-published');
});
