/** Only one audio plays at a time across the page: starting one pauses whichever played before. */
let playing: HTMLMediaElement | null = null;

export function claimPlayback(audio: HTMLMediaElement) {
  if (playing && playing !== audio && !playing.paused) playing.pause();
  playing = audio;
}

export function releasePlayback(audio: HTMLMediaElement) {
  if (playing === audio) playing = null;
}
