/**
 * The admin audio helper: one <audio> element for the whole screen, so only one
 * file plays at a time, and a state per URL (playing, progress percentage, speed 0.8 / 1 / 1.3,
 * default 1). Changing the speed of the file that is playing restarts it at the new speed.
 */

export interface UrlAudioState {
  playing: boolean;
  /** 0..100 */
  progress: number;
  speed: number;
}
const IDLE: UrlAudioState = { playing: false, progress: 0, speed: 1 };

export class AdminAudio {
  private audio: HTMLAudioElement | undefined;
  private current: string | undefined;
  private states = new Map<string, UrlAudioState>();
  private listeners = new Set<() => void>();

  constructor(private onError: (url: string) => void) {}

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  get = (url: string) => this.states.get(url) ?? IDLE;

  private set(url: string, patch: Partial<UrlAudioState>) {
    this.states.set(url, { ...this.get(url), ...patch });
    this.listeners.forEach((fn) => fn());
  }

  private element() {
    if (this.audio) return this.audio;
    const a = new Audio();
    a.preload = 'auto';
    a.addEventListener('timeupdate', () => {
      if (this.current && a.duration > 0) this.set(this.current, { progress: (a.currentTime / a.duration) * 100 });
    });
    a.addEventListener('ended', () => this.current && this.set(this.current, { playing: false, progress: 100 }));
    // A pause event queued by switching files arrives after the next file started: a.paused is false then.
    a.addEventListener('pause', () => this.current && a.paused && this.set(this.current, { playing: false }));
    a.addEventListener('error', () => this.fail());
    this.audio = a;
    return a;
  }

  private fail() {
    const url = this.current;
    // The error event and the rejected play() report the same failure: tell the user once.
    if (!url || !this.get(url).playing) return;
    this.set(url, { playing: false });
    this.onError(url);
  }

  /** Plays `url` from where it was (from the start after it ended), stopping any other file. */
  async play(url: string, fromStart = false) {
    const a = this.element();
    if (this.current !== url) {
      a.pause();
      if (this.current) this.set(this.current, { playing: false });
      this.current = url;
      a.src = url;
      fromStart = true;
    }
    const st = this.get(url);
    if (fromStart || st.progress >= 100) a.currentTime = 0;
    a.playbackRate = st.speed;
    a.defaultPlaybackRate = st.speed;
    this.set(url, { playing: true });
    try {
      await a.play();
    } catch (e) {
      // A pause() racing play() is not a failure of the file.
      if ((e as Error).name !== 'AbortError') this.fail();
    }
  }

  pause(url: string) {
    if (this.current === url) this.audio?.pause();
  }

  setSpeed(url: string, speed: number) {
    const wasPlaying = this.current === url && this.get(url).playing;
    this.set(url, { speed });
    if (wasPlaying) void this.play(url, true);
  }

  /** Stops everything (the screen is going away). */
  stop() {
    this.current = undefined;
    this.audio?.pause();
    this.audio?.removeAttribute('src');
  }
}
