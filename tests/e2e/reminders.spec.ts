/**
 * Review reminders (issue 33 item 5), one journey on a fresh profile: after a second finished
 * session the done screen offers them, the learner picks an hour and turns them on (the
 * notification permission granted, the worker's push subscription stored), and the hourly job
 * (functions/jobs/reminders.ts, run here with a chosen 'now') sends one push to the stand-in push
 * service when a card is due at that hour, none while none is, none after 'Stop reminders'.
 * Chromium without a network has no push service: PushManager.subscribe answers a subscription of
 * the stand-in (tests/integration/push-stand-in.ts, real P-256 keys, so web-push's encryption runs
 * and the stand-in decrypts it). The job's rules (hours, zones, DST, once a day, 410) are unit and
 * integration tests (tests/unit/reminders.test.ts, tests/integration/reminders.test.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { startPushStandIn } from '../integration/push-stand-in.js';
import { answerCookies, islandsMounted, shot, useE2eTwinEnv } from './helpers.js';

const PRACTICE = '/spanish/beginner/greetings/practice';
/** 10:00 in Paris; the cards graded Good today come due from tomorrow. */
const T0 = new Date('2026-03-02T09:00:00Z');

async function finishSession(page: Page) {
  const practice = page.getByTestId('practice');
  for (let i = 0; i < 5; i++) {
    await practice.getByTestId('show-answer').click();
    await practice.getByRole('button', { name: /^Good/ }).click();
  }
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeFocused();
}

test('reminders turned on after a second session send one push when cards are due, none before, none once stopped', async ({ browser }) => {
  test.setTimeout(120_000);
  const push = await startPushStandIn();
  const subscription = push.subscription('/e2e-device');
  const context = await browser.newContext({ serviceWorkers: 'allow', permissions: ['notifications'], timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  try {
    await answerCookies(page);
    await page.addInitScript((s) => {
      const stub = { ...s, toJSON: () => s, unsubscribe: () => Promise.resolve(true) };
      PushManager.prototype.subscribe = () => Promise.resolve(stub as unknown as PushSubscription);
      PushManager.prototype.getSubscription = () => Promise.resolve(stub as unknown as PushSubscription);
    }, subscription);
    await page.clock.install({ time: T0 });
    await page.goto(PRACTICE);
    await islandsMounted(page, 'practice');
    await finishSession(page);
    // One session is not yet a habit: nothing is offered.
    await expect(page.getByRole('button', { name: 'Remind me when cards are due' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Practice again' }).click();
    await finishSession(page);

    const reminders = page.getByRole('region', { name: 'Reminders' });
    await reminders.getByLabel('Hour').selectOption('11');
    await reminders.getByRole('button', { name: 'Remind me when cards are due' }).click();
    await expect(reminders).toContainText('Reminders are on: at 11:00 on days cards are due.');
    await shot(page, 'reminders-on');

    // The job, in this process with the twin's environment, at 11:00 in Paris (10:00 UTC in March).
    await useE2eTwinEnv();
    const { sendReminders } = await import('../../functions/jobs/reminders.js');
    const run = (now: string) => sendReminders({ now: new Date(now), agent: push.agent });

    await run('2026-03-02T10:00:00Z');
    expect(push.pushesTo('/e2e-device'), 'nothing is due the day the cards were learnt').toHaveLength(0);
    await run('2026-03-10T09:00:00Z');
    expect(push.pushesTo('/e2e-device'), 'not at another hour').toHaveLength(0);
    await run('2026-03-10T10:00:00Z');
    const [sent] = push.pushesTo('/e2e-device');
    expect(sent.payload).toMatchObject({ url: '/review' });
    expect(push.pushesTo('/e2e-device')).toHaveLength(1);

    await reminders.getByRole('button', { name: 'Stop reminders' }).click();
    await expect(page.getByRole('button', { name: 'Remind me when cards are due' })).toBeVisible();
    await run('2026-03-11T10:00:00Z');
    expect(push.pushesTo('/e2e-device'), 'the row is gone').toHaveLength(1);
  } finally {
    await context.close();
    await push.close();
  }
});
