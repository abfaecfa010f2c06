/**
 * The recorder's rules that need no browser: which format to record in, how long a take may be, and
 * what a learner is told when the microphone cannot be used (islands/recorder.ts).
 */

/** A take stops by itself after this many seconds (a phrase group's recording is a few seconds). */
export const MAX_SECONDS = 15;

/**
 * The formats to record in, best first: Opus in WebM (Chrome, Edge, Firefox), then AAC in MP4
 * (Safari records only this; https://webkit.org/blog/11353/mediarecorder-api/), then Opus in Ogg.
 */
export const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4', 'audio/ogg;codecs=opus'];

/** The first format the browser says it records (MediaRecorder.isTypeSupported), or none: its own default then. */
export const chooseMime = (supported: (type: string) => boolean) => MIME_TYPES.find((t) => supported(t));

export const DENIED = "Parrot Phrases cannot use your microphone. Allow it in your browser's site settings to record.";
export const NO_MICROPHONE = 'No microphone was found. Connect one, then tap Record again.';
export const BUSY = 'Your microphone could not be read: another app may be using it. Close it, then tap Record again.';
export const UNSUPPORTED = 'This browser cannot record audio. Try a recent Chrome, Edge, Firefox or Safari.';
export const FAILED = 'Recording could not start. Tap Record to try again.';

/** What to tell the learner when getUserMedia refused (its DOMException's name). */
export function micMessage(e: unknown): string {
  const name = typeof e === 'object' && e !== null && 'name' in e ? String(e.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return DENIED;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return NO_MICROPHONE;
  if (name === 'NotReadableError' || name === 'AbortError') return BUSY;
  return FAILED;
}

/** m:ss */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
