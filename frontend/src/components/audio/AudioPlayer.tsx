/**
 * The public audio player: play/pause, a seekable progress bar (click, or a keyboard slider),
 * mm:ss clock refreshed every 100 ms, ±10 s seek buttons, and the speeds x0.8, x1, x1.3 (one
 * choice for every player, kept for the browser session). Only one player sounds at a time.
 * Playback failures are logged only (spec section 8).
 */
import { Button, Caption1, makeStyles, mergeClasses, ToggleButton, tokens } from '@fluentui/react-components';
import { PauseFilled, PlayFilled, SkipBack10Regular, SkipForward10Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { claimPlayback, releasePlayback } from './coordinator';
import { formatTime } from './formatTime';
import { setSessionSpeed, SPEEDS, useSessionSpeed } from './speed';

export const SEEK_STEP = 10;
const TICK_MS = 100;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    flexWrap: 'wrap',
  },
  play: { minWidth: '40px' },
  track: {
    flex: '1 1 160px',
    height: '8px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground5,
    cursor: 'pointer',
    position: 'relative',
    // A taller invisible hit area (44 px) makes the thin bar easy to click and tap.
    '::before': { content: '""', position: 'absolute', left: 0, right: 0, top: '-18px', bottom: '-18px' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '4px' },
    // On phones the bar gets a row of its own under the buttons and the clock.
    '@media (max-width: 767px)': { order: 1, flexBasis: '100%', margin: `${tokens.spacingVerticalS} 0` },
  },
  fill: { height: '100%', borderRadius: tokens.borderRadiusCircular, backgroundColor: tokens.colorBrandBackground, pointerEvents: 'none' },
  speeds: { display: 'flex', gap: tokens.spacingHorizontalXXS },
  speed: { minWidth: '48px', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
  clock: {
    fontVariantNumeric: 'tabular-nums',
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'nowrap',
    '@media (max-width: 767px)': { marginLeft: 'auto' },
  },
});

export function AudioPlayer({ src, label, className }: { src: string; label: string; className?: string }) {
  const s = useStyles();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const speed = useSessionSpeed();

  useEffect(() => {
    const a = audio.current;
    if (!a) return;
    a.defaultPlaybackRate = speed;
    a.playbackRate = speed;
  }, [speed]);

  const sync = useCallback(() => {
    const a = audio.current;
    if (!a) return;
    setTime(a.currentTime);
    if (Number.isFinite(a.duration)) setDuration(a.duration);
  }, []);

  // Metadata may have loaded before the app hydrated the server HTML (its event is then gone).
  useEffect(sync, [sync]);

  // The clock ticks every 100 ms while playing; paused state follows the element's own events.
  useEffect(() => {
    if (!playing) return;
    const id = window.setInterval(sync, TICK_MS);
    return () => window.clearInterval(id);
  }, [playing, sync]);

  useEffect(() => {
    const a = audio.current;
    return () => {
      if (a) {
        a.pause();
        releasePlayback(a);
      }
    };
  }, []);

  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    if (!a.paused) return a.pause();
    claimPlayback(a);
    a.play().catch((e: unknown) => console.error('Audio playback failed', src, e));
  };

  const seekTo = (t: number) => {
    const a = audio.current;
    if (!a) return;
    const end = Number.isFinite(a.duration) ? a.duration : duration;
    a.currentTime = Math.max(0, Math.min(end || 0, t));
    sync();
  };

  const onTrackClick = (e: MouseEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    seekTo(((e.clientX - rect.left) / rect.width) * duration);
  };

  const onTrackKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -SEEK_STEP, PageUp: SEEK_STEP };
    if (e.key in moves) seekTo(time + moves[e.key]);
    else if (e.key === 'Home') seekTo(0);
    else if (e.key === 'End') seekTo(duration);
    else return;
    e.preventDefault();
  };

  const pct = duration > 0 ? Math.min(100, (time / duration) * 100) : 0;

  return (
    <div className={mergeClasses(s.root, className)} role="group" aria-label={`Audio player: ${label}`}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the recording speaks the phrases printed beside the player, which are its transcript. */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        onLoadedMetadata={sync}
        onDurationChange={sync}
        onSeeked={sync}
        onPlay={() => setPlaying(true)}
        onPause={() => {
          setPlaying(false);
          sync();
        }}
        onEnded={() => {
          setPlaying(false);
          sync();
        }}
        onError={() => console.error('Audio could not be loaded', src)}
      />
      <Button appearance="subtle" icon={<SkipBack10Regular />} aria-label={`Back ${SEEK_STEP} seconds`} onClick={() => seekTo(time - SEEK_STEP)} />
      <Button
        className={s.play}
        appearance="primary"
        shape="circular"
        icon={playing ? <PauseFilled /> : <PlayFilled />}
        aria-label={playing ? 'Pause' : 'Play'}
        onClick={toggle}
      />
      <Button appearance="subtle" icon={<SkipForward10Regular />} aria-label={`Forward ${SEEK_STEP} seconds`} onClick={() => seekTo(time + SEEK_STEP)} />
      <div
        className={s.track}
        role="slider"
        tabIndex={0}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(time)}
        aria-valuetext={`${formatTime(time)} of ${formatTime(duration)}`}
        onClick={onTrackClick}
        onKeyDown={onTrackKey}
        data-testid="audio-progress"
      >
        <div className={s.fill} style={{ width: `${pct}%` }} />
      </div>
      <div className={s.speeds} role="group" aria-label="Playback speed">
        {SPEEDS.map((v) => (
          <ToggleButton
            key={v}
            size="small"
            appearance="subtle"
            className={s.speed}
            checked={speed === v}
            aria-label={`Speed x${v}`}
            onClick={() => setSessionSpeed(v)}
          >
            x{v}
          </ToggleButton>
        ))}
      </div>
      <Caption1 className={s.clock} data-testid="audio-time">
        <span data-testid="audio-current">{formatTime(time)}</span> /{' '}
        {/* boot.ts writes the length here before the app hydrates: the DOM may differ from the server's 00:00. */}
        <span data-testid="audio-duration" data-duration suppressHydrationWarning>
          {formatTime(duration)}
        </span>
      </Caption1>
    </div>
  );
}
