/**
 * The public audio player's markup: a real <audio>, play/pause, ±10 s, a seekable bar, the speeds
 * x0.8, x1, x1.3 and the mm:ss clock. The server renders it; its island (islands/audio.ts) brings
 * it to life, and until then a tap on Play already plays (islands/instant.ts). Its look follows
 * the island's attributes (data-playing, aria-pressed), so no state lives in React.
 */
import { Button, Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PauseFilled, PlayFilled, SkipBack10Regular, SkipForward10Regular } from '@fluentui/react-icons';
import { mount, SEEK_STEP } from '../../islands/audio';
import { useIsland } from '../../islands/useIsland';
import { SPEEDS } from '../../islands/speed';
import { AUDIO, ROOT, attr, sel } from '@shared/markup';

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
  // Play or Pause: the player's root says which (data-playing, set while its audio plays).
  playIcon: { [`:is(${sel(ROOT.playing)} *)`]: { display: 'none' } },
  pauseIcon: { display: 'none', [`:is(${sel(ROOT.playing)} *)`]: { display: 'inline' } },
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
  fill: { width: 0, height: '100%', borderRadius: tokens.borderRadiusCircular, backgroundColor: tokens.colorBrandBackground, pointerEvents: 'none' },
  speeds: { display: 'flex', gap: tokens.spacingHorizontalXXS },
  speed: {
    minWidth: '48px',
    paddingLeft: tokens.spacingHorizontalXS,
    paddingRight: tokens.spacingHorizontalXS,
    // The chosen speed is filled with the brand colour (well over 3:1 against the player's tint),
    // not only a shade of grey; aria-pressed says the same to assistive technology.
    '&[aria-pressed="true"], &[aria-pressed="true"]:hover, &[aria-pressed="true"]:active': {
      backgroundColor: tokens.colorBrandBackground,
      color: tokens.colorNeutralForegroundOnBrand,
      fontWeight: tokens.fontWeightSemibold,
    },
  },
  clock: {
    fontVariantNumeric: 'tabular-nums',
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'nowrap',
    '@media (max-width: 767px)': { marginLeft: 'auto' },
  },
});

export function AudioPlayer({ src, label, className }: { src: string; label: string; className?: string }) {
  const s = useStyles();
  const ref = useIsland<HTMLDivElement>(mount);
  return (
    <div ref={ref} className={mergeClasses(s.root, className)} role="group" aria-label={`Audio player: ${label}`} {...attr(ROOT.island, 'audio')}>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the recording speaks the phrases printed beside the player, which are its transcript. */}
      <audio src={src} preload="metadata" />
      <Button appearance="subtle" icon={<SkipBack10Regular />} aria-label={`Back ${SEEK_STEP} seconds`} {...attr(AUDIO.seek, -SEEK_STEP)} />
      <Button
        className={s.play}
        appearance="primary"
        shape="circular"
        icon={
          <>
            <PlayFilled className={s.playIcon} />
            <PauseFilled className={s.pauseIcon} />
          </>
        }
        aria-label="Play"
        {...attr(ROOT.play)}
      />
      <Button appearance="subtle" icon={<SkipForward10Regular />} aria-label={`Forward ${SEEK_STEP} seconds`} {...attr(AUDIO.seek, SEEK_STEP)} />
      <div
        className={s.track}
        role="slider"
        tabIndex={0}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={0}
        aria-valuenow={0}
        aria-valuetext="00:00 of 00:00"
        {...attr(AUDIO.track)}
        data-testid="audio-progress"
      >
        <div className={s.fill} {...attr(AUDIO.fill)} />
      </div>
      <div className={s.speeds} role="group" aria-label="Playback speed">
        {SPEEDS.map((v) => (
          <Button key={v} size="small" appearance="subtle" className={s.speed} aria-pressed={v === 1} aria-label={`Speed x${v}`} {...attr(AUDIO.speed, v)}>
            x{v}
          </Button>
        ))}
      </div>
      <Caption1 className={s.clock} data-testid="audio-time">
        <span data-testid="audio-current" {...attr(AUDIO.current)}>
          00:00
        </span>{' '}
        /{' '}
        <span data-testid="audio-duration" {...attr(AUDIO.duration)}>
          00:00
        </span>
      </Caption1>
    </div>
  );
}
