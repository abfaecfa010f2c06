/**
 * A release that failed, as a course team meets it on the Overview: first in 'Next releases', marked
 * failed with its reason, and 'Retry' publishes it now. The failure itself (a run that threw) is made
 * in tests/integration/publishing.test.ts; here the release is given that state in the table, with
 * as many runs as the sweep makes (SWEEP_MAX_ATTEMPTS in functions/services/releases.ts), so the
 * twin's timer leaves it to 'Retry'.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect, test } from '@playwright/test';
import type { Release } from '../../shared/contracts/publishing.js';
import { adminApi, ADMIN_STATE, expectAccessible, shot, toast } from './helpers.js';
import { E2E_PORT } from './playwright.config.js';

const SWEEP_MAX_ATTEMPTS = 10;
const REASON = 'A service the release needs was unavailable (InternalServerError: Internal server error)';
const base = `http://localhost:${E2E_PORT}`;

test.use({ storageState: ADMIN_STATE });

/** Gives release `id` the state its runs leave when they failed: due an hour ago, the sweep's runs spent, the last reason. */
async function failed(id: string) {
  const client = new DynamoDBClient({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${E2E_PORT + 1}`,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const publishAt = new Date(Date.now() - 3_600_000).toISOString();
  try {
    await DynamoDBDocumentClient.from(client).send(
      new UpdateCommand({
        TableName: 'parrot-phrases',
        Key: { PK: `RELEASE#${id}`, SK: 'RELEASE' },
        UpdateExpression: 'SET publish_at = :at, GSI1SK = :sk, attempts = :n, last_error = :why, failed_at = :now',
        ExpressionAttributeValues: {
          ':at': publishAt,
          ':sk': `${publishAt}#${id}`,
          ':n': SWEEP_MAX_ATTEMPTS,
          ':why': REASON,
          ':now': new Date().toISOString(),
        },
      }),
    );
  } finally {
    client.destroy();
  }
}

test("a failed release shows why on the Overview, and 'Retry' publishes it", async ({ page }, info) => {
  const lang = `release-${info.project.name}`;
  await adminApi('POST', '/api/languages', { id: lang, name: 'Release Lingo', flag_url: 'https://example.com/release.png' });
  try {
    await adminApi('POST', '/api/levels', { id: 'a1', language_id: lang, title: 'Basics', cefr_label: 'A1', icon_url: '' });
    await adminApi('POST', '/api/lessons', {
      id: 'late',
      language_id: lang,
      level_id: 'a1',
      title: 'Late lesson',
      translated_title: 'Lezione',
      is_draft: true,
    });
    const item = { kind: 'lesson', language_id: lang, level_id: 'a1', lesson_id: 'late' };
    const release = (await (
      await adminApi('POST', '/api/admin/releases', { item, publish_at: new Date(Date.now() + 3_600_000).toISOString() })
    ).json()) as Release;
    await failed(release.id);

    await page.goto('/admin');
    const card = page.getByRole('listitem').filter({ hasText: 'Late lesson' });
    await expect(card.getByText('Failed 10 times')).toBeVisible();
    await expect(card.getByText(REASON)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'admin-release-failed');
    await expectAccessible(page, 'section[aria-labelledby="quick-access"]');

    await card.getByRole('button', { name: 'Retry: Late lesson' }).click();
    await expect(toast(page, 'Late lesson is live')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Late lesson' })).toHaveCount(0);
    expect((await fetch(`${base}/${lang}/a1/late`)).status).toBe(200);
    await shot(page, 'admin-release-retried');
  } finally {
    await adminApi('DELETE', `/api/languages/${lang}`);
  }
});
