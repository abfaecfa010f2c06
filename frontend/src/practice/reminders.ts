/**
 * 'Remind me when cards are due' (docs/learners.md "Reminders"), loaded only when offered: asks for
 * notification permission in the tap, subscribes with the service worker's pushManager and stores
 * the row (POST /api/reminders); the id stays on this device. After a session it sends the next
 * due date (PUT); 'Stop reminders' unsubscribes and deletes the row.
 */
import type { ReminderTiming } from '@shared/contracts/reminders';
import { api } from '@shared/urls';
import { apiFetch } from '../api/client';
import { config } from '../config';
import { allCards } from './device-store';
import { soonest } from './summary';
import { REMINDER_ID } from './reminder-key';
import { PRACTICE, sel, type DataAttr } from '@shared/markup';

export const IPHONE_TEXT = 'On iPhone, reminders work when Parrot Phrases is added to your Home Screen.';
const DEFAULT_HOUR = 18;

interface Kept {
  id: string;
  hour: number;
}
const kept = (): Kept | undefined => {
  try {
    return (JSON.parse(localStorage.getItem(REMINDER_ID) ?? 'null') as Kept | null) ?? undefined;
  } catch {
    return undefined;
  }
};
const keep = (k: Kept | undefined) => (k ? localStorage.setItem(REMINDER_ID, JSON.stringify(k)) : localStorage.removeItem(REMINDER_ID));

const iPhoneInBrowser = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) &&
  !window.matchMedia('(display-mode: standalone)').matches &&
  !(navigator as { standalone?: boolean }).standalone;
const canPush = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window && config().vapidPublicKey !== '';

async function timing(hour: number): Promise<ReminderTiming> {
  const dues = (await allCards()).map((c) => c.schedule.due);
  // No card yet (cannot happen after a session): a day from now, moved as soon as one is practised.
  const next_due = dues.length ? soonest(dues) : new Date(Date.now() + 86_400_000).toISOString();
  return { hour, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone, next_due };
}

const base64urlBytes = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The panel's parts (practice/Reminders.tsx), or none where the page has no panel. */
function partsOf(host: HTMLElement) {
  const panel = host.querySelector<HTMLElement>(sel(PRACTICE.reminders));
  const q = (name: DataAttr) => panel?.querySelector<HTMLElement>(sel(name));
  const [line, pick, on, stop, status] = [
    PRACTICE.reminderLine,
    PRACTICE.reminderPick,
    PRACTICE.reminderOn,
    PRACTICE.reminderStop,
    PRACTICE.reminderStatus,
  ].map(q);
  const hour = panel?.querySelector<HTMLSelectElement>(sel(PRACTICE.reminderHour));
  if (!panel || !line || !pick || !hour || !on || !stop || !status) return undefined;
  return { panel, line, pick, hour, on, stop, status };
}
type Parts = NonNullable<ReturnType<typeof partsOf>>;
const wired = new WeakSet<HTMLElement>();

function wire(host: HTMLElement, p: Parts) {
  if (wired.has(p.panel)) return;
  wired.add(p.panel);
  p.hour.append(...Array.from({ length: 24 }, (_, h) => new Option(hourLabel(h), String(h), h === DEFAULT_HOUR, h === DEFAULT_HOUR)));
  p.on.addEventListener('click', () => {
    if (iPhoneInBrowser()) return void (p.status.textContent = IPHONE_TEXT);
    // Asked in the tap itself: browsers refuse a permission prompt that no gesture started.
    const asked = Notification.requestPermission();
    void turnOn(asked, Number(p.hour.value)).then(
      () => showReminders(host, false),
      (e: unknown) => (p.status.textContent = e instanceof Error ? e.message : 'Reminders could not be turned on.'),
    );
  });
  p.stop.addEventListener('click', () => void stopReminders().then(() => showReminders(host, false)));
}

/** The panel in `host`: the offer, or what is on with 'Stop reminders'. */
export function showReminders(host: HTMLElement, afterSession: boolean) {
  const p = partsOf(host);
  if (!p) return;
  wire(host, p);
  const current = kept();
  if (current && afterSession)
    void timing(current.hour)
      .then((t) => apiFetch(api.reminder(current.id), { method: 'PUT', body: t }))
      .catch(gone);
  p.line.textContent = current ? `Reminders are on: at ${hourLabel(current.hour)} on days cards are due.` : '';
  p.line.hidden = !current;
  p.pick.hidden = p.on.hidden = !!current;
  p.stop.hidden = !current;
  p.status.textContent = '';
  p.panel.hidden = !current && !canPush() && !iPhoneInBrowser();
}

async function turnOn(asked: Promise<NotificationPermission>, hour: number) {
  if ((await asked) !== 'granted') throw new Error('Notifications are blocked for this site: allow them in the browser settings to get reminders.');
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64urlBytes(config().vapidPublicKey) });
  const { id } = await apiFetch<{ id: string }>(api.reminders, { method: 'POST', body: { ...(await timing(hour)), subscription: subscription.toJSON() } });
  keep({ id, hour });
}

async function stopReminders() {
  const current = kept();
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  await subscription?.unsubscribe().catch(() => undefined);
  if (current) await apiFetch(api.reminder(current.id), { method: 'DELETE' }).catch(() => undefined);
  keep(undefined);
}

/** The row is gone (expired, or the subscription was dropped): the device forgets it and offers again. */
function gone(e: unknown) {
  if ((e as { status?: number }).status === 404) keep(undefined);
  else console.error('Reminder not updated', e);
}
