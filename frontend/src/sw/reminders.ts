/**
 * Review reminders in the service worker (docs/learners.md "Reminders"): a push from the reminder
 * job is shown as a notification; tapping it opens /review (an open tab of the site is reused).
 */
import { REMINDER_URL, type ReminderPayload } from '@shared/reminder-time';

export function listenForReminders(self: ServiceWorkerGlobalScope) {
  self.addEventListener('push', (event) => {
    let data: Partial<ReminderPayload> = {};
    try {
      data = (event.data?.json() ?? {}) as Partial<ReminderPayload>;
    } catch {
      /* not JSON: the default text */
    }
    const url = data.url?.startsWith('/') ? data.url : REMINDER_URL;
    event.waitUntil(
      self.registration.showNotification(data.title ?? 'Cards to review', { body: data.body, icon: '/favicon.svg', tag: 'review-reminder', data: { url } }),
    );
  });

  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = new URL((event.notification.data as { url?: string } | null)?.url ?? REMINDER_URL, self.location.origin).href;
    event.waitUntil(
      (async () => {
        const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
        if (tab) await (await tab.navigate(url))?.focus();
        else await self.clients.openWindow(url);
      })(),
    );
  });
}
