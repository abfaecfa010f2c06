/** Release times: stored in UTC, shown and typed in the admin's own time zone. */

// Not dateStyle/timeStyle: Intl refuses them together with timeZoneName.
const shown = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
/** `26 Nov 2026, 09:00 CET`: an instant in the admin's time zone, which it names. */
export const formatReleaseTime = (iso: string) => shown.format(new Date(iso));

const pad = (n: number) => String(n).padStart(2, '0');
/** The `<input type="datetime-local">` value of an instant, in local time (`2026-11-26T09:00`). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The UTC instant of a local `datetime-local` value; undefined when it is not one. */
export function fromLocalInput(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The admin's time zone, named for the form's hint (`Europe/Paris`). */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
