/**
 * The audio player's island (markup: components/audio/AudioPlayer.tsx): play/pause, ±10 s, a
 * seekable bar (click, or keys as a slider), the mm:ss clock every 100 ms while playing, and the
 * session's speed for every player, and on a lesson the words of the group as they are said
 * (words.ts). Before it mounts, instant.ts already plays and pauses.
 * Playback failures are logged only, never shown.
 */
import { formatTime } from './formatTime';
import { readSpeed, setSessionSpeed, SPEED_EVENT, type Speed } from './speed';
import { changeAttr, changeText, type Mount } from './dom';
import { followWords } from './words';
import { AUDIO, ROOT, sel } from '@shared/markup';

export const SEEK_STEP = 10;
const TICK_MS = 100;
const KEYS: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -SEEK_STEP, PageUp: SEEK_STEP };

export const mount: Mount = (root) => {
  const audio = root.querySelector('audio');
  const play = root.querySelector<HTMLElement>(sel(ROOT.play));
  const track = root.querySelector<HTMLElement>(sel(AUDIO.track));
  const fill = root.querySelector<HTMLElement>(sel(AUDIO.fill));
  const current = root.querySelector(sel(AUDIO.current));
  const total = root.querySelector(sel(AUDIO.duration));
  if (!audio || !play || !track || !fill || !current || !total || root.hasAttribute(ROOT.mounted)) return;
  root.setAttribute(ROOT.mounted, '');
  const duration = () => (Number.isFinite(audio.duration) ? audio.duration : 0);
  let timer: number | undefined;

  const sync = () => {
    const t = audio.currentTime;
    const d = duration();
    // Only what changed: at mount the server's markup already says it for most players.
    changeText(current, formatTime(t));
    changeText(total, formatTime(d));
    const width = d > 0 ? `${Math.min(100, (t / d) * 100)}%` : ''; // none: the style's 0
    if (fill.style.width !== width) fill.style.width = width;
    changeAttr(track, 'aria-valuemax', String(Math.round(d)));
    changeAttr(track, 'aria-valuenow', String(Math.round(t)));
    changeAttr(track, 'aria-valuetext', `${formatTime(t)} of ${formatTime(d)}`);
  };
  const playing = () => {
    const on = !audio.paused;
    changeAttr(play, 'aria-label', on ? 'Pause' : 'Play');
    window.clearInterval(timer);
    if (on) timer = window.setInterval(sync, TICK_MS);
    sync();
  };
  const seekTo = (t: number) => {
    audio.currentTime = Math.max(0, Math.min(duration(), t));
    sync();
  };
  const speed = () => {
    const v = readSpeed();
    audio.defaultPlaybackRate = v;
    audio.playbackRate = v;
    root.querySelectorAll<HTMLElement>(sel(AUDIO.speed)).forEach((b) => changeAttr(b, 'aria-pressed', String(Number(b.getAttribute(AUDIO.speed)) === v)));
  };

  ['loadedmetadata', 'durationchange', 'seeked'].forEach((t) => audio.addEventListener(t, sync));
  ['play', 'pause', 'ended'].forEach((t) => audio.addEventListener(t, playing));
  audio.addEventListener('error', () => console.error('Audio could not be loaded', audio.src));
  window.addEventListener(SPEED_EVENT, speed);

  root.addEventListener('click', (e) => {
    const el = (e.target as Element).closest<HTMLElement>([ROOT.play, AUDIO.seek, AUDIO.speed, AUDIO.track].map((a) => sel(a)).join());
    if (!el) return;
    const seek = el.getAttribute(AUDIO.seek);
    const rate = el.getAttribute(AUDIO.speed);
    if (el.hasAttribute(ROOT.play)) {
      if (!audio.paused) return audio.pause();
      audio.play().catch((err: unknown) => console.error('Audio playback failed', audio.src, err));
    } else if (seek) seekTo(audio.currentTime + Number(seek));
    else if (rate) setSessionSpeed(Number(rate) as Speed);
    else {
      const rect = el.getBoundingClientRect();
      seekTo(((e.clientX - rect.left) / rect.width) * duration());
    }
  });
  track.addEventListener('keydown', (e) => {
    if (e.key in KEYS) seekTo(audio.currentTime + KEYS[e.key]);
    else if (e.key === 'Home') seekTo(0);
    else if (e.key === 'End') seekTo(duration());
    else return;
    e.preventDefault();
  });

  speed();
  playing(); // it may already be playing: instant.ts started it before this island came
  followWords(root, audio); // a lesson's group: its phrases' words light as they are said
};
