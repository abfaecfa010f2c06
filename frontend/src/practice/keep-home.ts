/**
 * /review's 'Your practice' and 'Keep your progress' (markup: KeepProgress.tsx), imported once the
 * home shows: the daily goal and the calendar of days practised (calendar.ts), whether the browser
 * keeps the store (keep-storage.ts), and the backup's buttons, whose code (backup.ts) loads on
 * their first tap. `refresh` shows the home again after a restore (the due cards may have changed).
 */
import { PRACTICE, sel } from '@shared/markup';
import { setText } from '../islands/dom';
import { calendarWeeks, cardsByDay, dayKey, dayWords, goalLine } from './calendar';
import type { StoredCard } from './device-store';
import { hasTakes } from './takes-flag';
import { keptLine, keptNow } from './keep-storage';
import { saveSettings, type Settings } from './settings';

const wired = new WeakSet<HTMLElement>();
/** The cards last shown: the goal's line counts today's from them when the goal changes. */
let shown: StoredCard[] = [];
const today = () => cardsByDay(shown).get(dayKey(new Date())) ?? 0;

function showGoal(section: HTMLElement, goal: number, today: number) {
  setText(section, sel(PRACTICE.goalLine), goalLine(goal, today));
  const meter = section.querySelector<HTMLMeterElement>(sel(PRACTICE.goalMeter));
  if (!meter) return;
  meter.hidden = !goal;
  meter.max = goal || 1;
  meter.value = Math.min(today, goal);
}

function showCalendar(section: HTMLElement, counts: Map<string, number>, now: Date) {
  const cells = section.querySelectorAll<HTMLElement>(sel(PRACTICE.day));
  calendarWeeks(now, counts)
    .flat()
    .forEach((day, i) => {
      const cell = cells.item(i) as HTMLElement | null;
      if (!cell) return;
      cell.setAttribute(PRACTICE.day, day.future ? 'future' : day.count ? 'practised' : 'idle');
      if (day.today) cell.setAttribute('aria-current', 'date');
      else cell.removeAttribute('aria-current');
      setText(cell, sel(PRACTICE.dayNumber), day.future ? '' : String(day.date.getDate()));
      setText(cell, sel(PRACTICE.dayMark), day.count ? `✓ ${day.count}` : '');
      setText(cell, sel(PRACTICE.dayText), dayWords(day));
    });
}

/** The buttons: each imports backup.ts on its first use. */
function wire(section: HTMLElement, settings: Settings, refresh: () => Promise<void>) {
  const result = (text: string) => setText(section, sel(PRACTICE.keepResult), text);
  const failed = (e: unknown) => {
    console.error('Keep my progress failed', e);
    result('That did not work, and nothing was changed. Try again; if it keeps failing, this browser may be out of space.');
  };
  const goal = section.querySelector<HTMLSelectElement>(sel(PRACTICE.goal));
  goal?.addEventListener('change', () => {
    settings.goal = Number(goal.value);
    saveSettings(settings);
    showGoal(section, settings.goal, today());
  });
  const withTakes = section.querySelector<HTMLInputElement>(sel(PRACTICE.withTakes));
  section.querySelector(sel(PRACTICE.backup))?.addEventListener('click', () => {
    result('Saving…');
    import('./backup').then((m) => m.saveBackup(!!withTakes?.checked)).then(result, failed);
  });
  const input = section.querySelector<HTMLInputElement>(sel(PRACTICE.restoreFile));
  section.querySelector(sel(PRACTICE.restore))?.addEventListener('click', () => input?.click());
  input?.addEventListener('change', () => {
    const chosen = input.files?.[0];
    if (!chosen) return;
    result('Restoring…');
    import('./backup')
      .then((m) => m.restoreFrom(chosen))
      .then(async (text) => {
        await refresh();
        result(text);
      }, failed)
      // Emptied once read (Chromium refuses to read a chosen file after), so the same file can be chosen again.
      .finally(() => (input.value = ''));
  });
}

export async function showKeep(root: HTMLElement, cards: StoredCard[], settings: Settings, refresh: () => Promise<void>) {
  const section = root.querySelector<HTMLElement>(sel(PRACTICE.keepSection));
  if (!section) return;
  const now = new Date();
  shown = cards;
  const counts = cardsByDay(cards);
  if (!wired.has(section)) {
    wired.add(section);
    wire(section, settings, refresh);
  }
  const goal = section.querySelector<HTMLSelectElement>(sel(PRACTICE.goal));
  if (goal) goal.value = String(settings.goal);
  showGoal(section, settings.goal, counts.get(dayKey(now)) ?? 0);
  showCalendar(section, counts, now);
  const kept = await keptNow();
  // Said once the device has something to keep; before that, a new visitor has nothing at risk.
  setText(section, sel(PRACTICE.kept), cards.length ? keptLine(kept, true) : '');
  const box = section.querySelector<HTMLInputElement>(sel(PRACTICE.withTakes))?.parentElement;
  // The recorder's flag: whether this device keeps any take (no database read for it).
  if (box) box.hidden = !hasTakes();
  section.hidden = false;
}
