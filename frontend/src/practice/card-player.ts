/**
 * The card's audio: two <audio> elements, the card's and the next card's fetched ahead (so its
 * prompt plays at once), swapped when the session moves on to the one fetched ahead.
 */
export interface Player {
  /** The card's audio element now. */
  readonly audio: HTMLAudioElement;
  load(url: string): void;
  prefetch(url: string): void;
  playNow(): Promise<void>;
  playOnce(): Promise<void>;
  duration(): Promise<number>;
}

/** A recording whose length cannot be read is taken as this long (seconds). */
const UNKNOWN_LENGTH = 2;

export function createPlayer(first: HTMLAudioElement, second: HTMLAudioElement): Player {
  let audio = first;
  let ahead = second;
  return {
    get audio() {
      return audio;
    },
    /** Points the player at `url`, taking the audio fetched ahead when it is that one. */
    load(url) {
      audio.pause();
      if (audio.getAttribute('src') === url) audio.currentTime = 0;
      else if (ahead.getAttribute('src') === url) [audio, ahead] = [ahead, audio];
      else audio.src = url;
    },
    prefetch(url) {
      if (ahead.getAttribute('src') !== url) ahead.src = url;
    },
    playNow: () => audio.play().catch((e: unknown) => console.debug('Audio did not start', e)),
    /**
     * Resolves when the audio ends or stops (a pause, an error). At its end a media element fires
     * 'pause' and then 'ended': it waits for 'ended' then, so no late event ends the next play.
     */
    playOnce: () =>
      new Promise<void>((resolve) => {
        const el = audio;
        el.currentTime = 0;
        const events = ['ended', 'pause', 'error'];
        const end = (e?: Event) => {
          if (e?.type === 'pause' && el.ended) return;
          events.forEach((t) => el.removeEventListener(t, end));
          resolve();
        };
        events.forEach((t) => el.addEventListener(t, end));
        el.play().catch(() => end());
      }),
    duration: () => {
      const el = audio;
      if (Number.isFinite(el.duration) && el.duration > 0) return Promise.resolve(el.duration);
      return new Promise<number>((resolve) => {
        el.addEventListener('loadedmetadata', () => resolve(Number.isFinite(el.duration) ? el.duration : UNKNOWN_LENGTH), { once: true });
        el.addEventListener('error', () => resolve(UNKNOWN_LENGTH), { once: true });
      });
    },
  };
}
