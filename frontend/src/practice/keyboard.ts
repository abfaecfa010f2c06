/**
 * The keyboard (shortcuts.ts says which key means what): Space plays or pauses, Enter shows the
 * answer, 1–4 grade, ← and → seek, R records (or stops), '?' lists the shortcuts. Off with the
 * single-key setting.
 */
import { actionOf } from './shortcuts';
import type { Session } from './session';
import { PRACTICE, RECORD, sel } from '@shared/markup';

/** Seconds a seek key moves the recording. */
const SEEK = 10;

export function onKey(session: Session, e: KeyboardEvent) {
  const { ui, settings, player } = session;
  if (!settings.singleKeys || ui.stage.hidden) return;
  const target = e.target as Element | null;
  const action = actionOf(e, target);
  if (!action) return;
  // Enter on a focused control is that control's (a link, a grade, a switch).
  if (action.kind === 'show' && target?.closest('button, a, summary')) return;
  e.preventDefault();
  if (action.kind === 'play') session.togglePlay();
  else if (action.kind === 'show') session.reveal();
  else if (action.kind === 'grade') session.grade(action.rating);
  else if (action.kind === 'seek') {
    const { audio } = player;
    audio.currentTime = Math.max(0, Math.min(audio.duration || 0, audio.currentTime + Math.sign(action.by) * SEEK));
  } else if (action.kind === 'record') ui.stage.querySelector<HTMLElement>(sel(RECORD.action, 'record'))?.click();
  else ui.root.querySelector<HTMLElement>(sel(PRACTICE.keys))?.togglePopover();
}
