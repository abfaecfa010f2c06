/**
 * 'Record' (markup: pages/course/Recorder.tsx), loaded on its first tap (loader.ts): records the
 * learner from the microphone (MediaRecorder, in a format the browser records: recording.ts) until
 * 'Stop' or MAX_SECONDS, keeps the take on this device (practice/takes.ts; nothing is uploaded) and
 * shows it beside the native recording: both as waveforms on one time scale (decoded by the Web
 * Audio API), 'Play native', 'Play my take', 'Record again', 'Delete'. A refused or missing
 * microphone is said in words and changes nothing stored. On a practice card the practice island
 * changes the root's phrase (RECORD.take) per card; the take shown follows it.
 */
import { deleteTake, getTake, putTake, type Take } from '../practice/takes';
import { chooseMime, clock, FAILED, MAX_SECONDS, micMessage, UNSUPPORTED } from './recording';
import { barsFor, BARS, HEIGHT, peaks, wavePath } from './waveform';
import { type Mount } from './dom';
import { RECORD, ROOT, sel } from '@shared/markup';

type State = 'idle' | 'recording' | 'take';
const LABEL: Record<State, string> = { idle: 'Record', recording: 'Stop', take: 'Record again' };
const SVG = 'http://www.w3.org/2000/svg';

let context: BaseAudioContext | undefined;
/** Decoded audio (decodeAudioData takes the buffer: it is given a copy). */
function decode(data: ArrayBuffer): Promise<AudioBuffer> {
  const w = window as unknown as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };
  const Context = w.AudioContext ?? w.webkitAudioContext;
  if (!Context) return Promise.reject(new Error('No Web Audio API'));
  context ??= new Context();
  const ctx = context;
  // The callback form: older Safari has no promise form.
  return new Promise((resolve, reject) => void ctx.decodeAudioData(data.slice(0), resolve, reject));
}
/** Each native recording decoded once per page view. */
const natives = new Map<string, Promise<AudioBuffer>>();
function decodeNative(url: string) {
  let p = natives.get(url);
  if (!p) {
    p = fetch(url)
      .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${url}: ${r.status}`))))
      .then(decode);
    p.catch(() => natives.delete(url));
    natives.set(url, p);
  }
  return p;
}

function button(action: string, text: string) {
  const b = document.createElement('button');
  b.type = 'button';
  b.setAttribute(RECORD.action, action);
  b.textContent = text;
  return b;
}

/** A waveform's row: its name, an SVG of its peaks, its play button. */
function waveRow(kind: 'native' | 'take', name: string, action: string, text: string) {
  const row = document.createElement('div');
  row.setAttribute(RECORD.wave, kind);
  const label = document.createElement('span');
  label.textContent = name;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${BARS} ${HEIGHT}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('role', 'img');
  const path = document.createElementNS(SVG, 'path');
  svg.append(path);
  const play = button(action, text);
  row.append(label, svg, play);
  return { row, svg, path, play };
}
type Row = ReturnType<typeof waveRow>;

function draw({ svg, path }: Row, audio: PromiseSettledResult<AudioBuffer>, longest: number, what: string) {
  if (audio.status === 'rejected') {
    path.setAttribute('d', '');
    svg.setAttribute('aria-label', `The ${what} could not be drawn`);
    return;
  }
  const b = audio.value;
  const channels = Array.from({ length: b.numberOfChannels }, (_, i) => b.getChannelData(i));
  path.setAttribute('d', wavePath(peaks(channels, barsFor(b.duration, longest))));
  svg.setAttribute('aria-label', `Waveform of the ${what}, ${b.duration.toFixed(1)} seconds`);
}

/** Plays `audio` from the start, or pauses it; the button says 'Pause' meanwhile. */
function toggle(audio: HTMLAudioElement | null | undefined, b: HTMLButtonElement) {
  if (!audio) return;
  if (!audio.paused) return audio.pause();
  const text = b.textContent;
  audio.currentTime = 0;
  b.textContent = 'Pause';
  audio.addEventListener('pause', () => (b.textContent = text), { once: true });
  audio.play().catch((e: unknown) => {
    b.textContent = text;
    console.error('Audio playback failed', e);
  });
}

export const mount: Mount = (root) => {
  const record = root.querySelector<HTMLButtonElement>(sel(RECORD.action, 'record'));
  if (!record || root.hasAttribute(ROOT.mounted)) return;
  root.setAttribute(ROOT.mounted, '');
  const label = record.querySelector('span') ?? record;
  const remove = button('delete', 'Delete');
  const message = document.createElement('p');
  message.setAttribute(RECORD.message, '');
  message.setAttribute('role', 'status');
  const native = waveRow('native', 'Native', 'native', 'Play native');
  const mine = waveRow('take', 'Your take', 'play', 'Play my take');
  const take = document.createElement('audio');
  mine.row.append(take);
  root.append(remove, message, native.row, mine.row);

  let state: State = 'idle';
  let stop: (() => void) | undefined;
  let starting = false;
  let objectUrl: string | undefined;
  const phrase = () => root.getAttribute(RECORD.take) ?? '';
  const nativeUrl = () => root.getAttribute(RECORD.native) ?? root.parentElement?.querySelector('audio')?.getAttribute('src') ?? '';
  /** The page's own element of the native recording (the group's player, the card's audio): one plays at a time. */
  const nativeAudio = () => [...(root.parentElement?.querySelectorAll('audio') ?? [])].find((a) => a !== take && a.getAttribute('src') === nativeUrl());
  const setState = (s: State) => {
    state = s;
    root.setAttribute(RECORD.state, s);
    label.textContent = LABEL[s];
  };
  const say = (text: string, error = false) => {
    message.textContent = text;
    message.setAttribute(RECORD.message, error ? 'error' : '');
  };

  /** Shows `t` (or no take) for the phrase shown now. */
  const show = async (t: Take | undefined) => {
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrl = undefined;
    take.removeAttribute('src');
    if (!t) return setState('idle');
    objectUrl = URL.createObjectURL(new Blob([t.data], { type: t.mime }));
    take.src = objectUrl;
    setState('take');
    const url = nativeUrl();
    const [n, m] = await Promise.allSettled([url ? decodeNative(url) : Promise.reject(new Error('No native recording')), decode(t.data)]);
    const longest = Math.max(...[n, m].map((r) => (r.status === 'fulfilled' ? r.value.duration : 0)));
    draw(native, n, longest, 'native recording');
    draw(mine, m, longest, 'take');
  };
  const load = async () => {
    const id = phrase();
    const t = id ? await getTake(id).catch(() => undefined) : undefined;
    if (id === phrase() && !stop && !starting) await show(t);
  };

  const keep = async (id: string, blob: Blob, before: State) => {
    if (!blob.size) {
      setState(before);
      return say('Nothing was recorded. Tap Record to try again.', true);
    }
    const t: Take = { phraseId: id, mime: blob.type, createdAt: new Date().toISOString(), data: await blob.arrayBuffer() };
    try {
      await putTake(t);
      say('Your take is kept on this device only.');
    } catch (e) {
      console.error('The take could not be stored', e);
      say('Your take could not be kept on this device: it is here until you leave the page.', true);
    }
    if (id === phrase()) await show(t);
    else await load();
  };

  const start = async () => {
    const id = phrase();
    if (!id || starting) return;
    // Missing in old browsers, and on a page not served over HTTPS.
    const media = navigator.mediaDevices as MediaDevices | undefined;
    if (!media || !('MediaRecorder' in window)) return say(UNSUPPORTED, true);
    starting = true;
    let stream: MediaStream;
    try {
      stream = await media.getUserMedia({ audio: true });
    } catch (e) {
      starting = false;
      say(micMessage(e), true);
      // The take this phrase had (if any) is shown as it was: nothing is lost.
      return load();
    }
    starting = false;
    const mimeType = chooseMime((t) => MediaRecorder.isTypeSupported(t));
    let rec: MediaRecorder;
    try {
      rec = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch (e) {
      stream.getTracks().forEach((t) => t.stop());
      console.error('MediaRecorder could not start', e);
      return say(FAILED, true);
    }
    // Nothing else plays into the microphone.
    document.querySelectorAll('audio').forEach((a) => a.pause());
    const chunks: Blob[] = [];
    const before = state;
    const began = Date.now();
    const tick = () => say(`Recording… ${clock((Date.now() - began) / 1000)} of ${clock(MAX_SECONDS)}`);
    const timer = window.setInterval(tick, 250);
    const limit = window.setTimeout(() => stop?.(), MAX_SECONDS * 1000);
    rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    rec.onstop = () => {
      window.clearInterval(timer);
      window.clearTimeout(limit);
      stream.getTracks().forEach((t) => t.stop());
      stop = undefined;
      void keep(id, new Blob(chunks, { type: rec.mimeType || mimeType || chunks[0]?.type || '' }), before);
    };
    stop = () => rec.state !== 'inactive' && rec.stop();
    rec.start();
    setState('recording');
    tick();
  };

  root.addEventListener('click', (e) => {
    const el = (e.target as Element).closest<HTMLButtonElement>(sel(RECORD.action));
    const what = el?.getAttribute(RECORD.action);
    if (!el || !what) return;
    if (what === 'record') return stop ? stop() : void start();
    if (what === 'native') return toggle(nativeAudio(), el);
    if (what === 'play') return toggle(take, el);
    if (what === 'delete') {
      const id = phrase();
      void deleteTake(id)
        .then(() => show(undefined))
        .then(() => {
          say('Your take was deleted.');
          record.focus();
        })
        .catch((err: unknown) => {
          console.error('The take could not be deleted', err);
          say('Your take could not be deleted. Try again.', true);
        });
    }
  });
  // A practice card moved on: a take being recorded is kept for its own phrase; the new phrase's shows.
  new MutationObserver(() => {
    stop?.();
    say('');
    void load();
  }).observe(root, { attributeFilter: [RECORD.take, RECORD.native] });
  addEventListener('pagehide', () => stop?.());
  setState('idle');
  void load();
};
