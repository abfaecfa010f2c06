/**
 * 'Download for offline' on a lesson or level page (issue 22): the markup of every state, shown
 * by the root's `data-state` (set by islands/offline.ts, which mounts it). Invisible (its place
 * kept) until the island finds a browser that can keep it (a service worker and Cache Storage):
 * without script, or in a browser that cannot, nothing is offered.
 *   idle → measuring → confirm (the size, before anything is stored) → downloading (progress)
 *   → done ('Available offline', 'Remove download'); error → 'Try again'.
 */
import { Body1, Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, CheckmarkCircleFilled, DeleteRegular } from '@fluentui/react-icons';
import type { DownloadKind } from '../../offline/plan';
import { OFFLINE_PATH } from '../../offline/rules';
import { visuallyHidden } from '../../theme/styles';
import { OFFLINE, ROOT, attr, sel } from '@shared/markup';

export const DOWNLOAD_STATES = ['idle', 'measuring', 'confirm', 'downloading', 'done', 'error'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

const shown = Object.fromEntries(DOWNLOAD_STATES.map((st) => [`&${sel(OFFLINE.state, st)} > ${sel(OFFLINE.show, st)}`, { display: 'flex' }]));

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    marginTop: tokens.spacingVerticalXL,
    marginBottom: tokens.spacingVerticalXL,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    // Its place is kept from the first paint and it shows once the island is ready (ROOT.ready), so it
    // moves nothing when it appears; a browser that cannot keep it gets it `hidden`.
    [`:not(${sel(ROOT.ready)})`]: { visibility: 'hidden' },
    [`& > ${sel(OFFLINE.show)}`]: { display: 'none' },
    ...shown,
  },
  center: { maxWidth: '560px', marginLeft: 'auto', marginRight: 'auto' },
  row: { flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  text: { color: tokens.colorNeutralForeground2 },
  ok: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, fontWeight: tokens.fontWeightSemibold },
  okIcon: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px' },
  progress: { flexGrow: 1, minWidth: '160px', height: '8px', accentColor: tokens.colorBrandBackground },
  error: { color: tokens.colorPaletteRedForeground1 },
  link: { color: tokens.colorBrandForegroundLink },
  live: visuallyHidden,
});

export function OfflineDownload({ kind, path, centered }: { kind: DownloadKind; path: string; centered?: boolean }) {
  const s = useStyles();
  const row = (state: DownloadState) => ({ ...attr(OFFLINE.show, state), className: s.row });
  return (
    <section
      aria-label="Offline"
      className={mergeClasses(s.root, centered && s.center)}
      {...attr(OFFLINE.state, 'idle')}
      {...attr(OFFLINE.kind, kind)}
      {...attr(OFFLINE.path, path)}
      data-testid="offline-download"
      {...attr(ROOT.island, 'offline')}
    >
      {/* Without script nothing is offered, not even its empty place. */}
      <noscript>
        <style>{`${sel(ROOT.island, 'offline')}{display:none}`}</style>
      </noscript>
      <div {...row('idle')}>
        <Button icon={<ArrowDownloadRegular />} {...attr(OFFLINE.action, 'measure')}>
          Download for offline
        </Button>
        <Body1 className={s.text}>Keep this {kind === 'level' ? 'level’s lessons' : 'lesson'} on this device, with audio, to use with no connection.</Body1>
      </div>
      <div {...row('measuring')}>
        <Body1 className={s.text}>Checking the size…</Body1>
      </div>
      <div {...row('confirm')}>
        <Body1 {...attr(OFFLINE.sizeText)} />
        <Button appearance="primary" icon={<ArrowDownloadRegular />} {...attr(OFFLINE.action, 'start')}>
          Download
        </Button>
        <Button appearance="subtle" {...attr(OFFLINE.action, 'cancel')}>
          Cancel
        </Button>
      </div>
      <div {...row('downloading')}>
        <progress className={s.progress} max={100} value={0} aria-label="Download progress" {...attr(OFFLINE.progress)} />
        <Body1 className={s.text} {...attr(OFFLINE.progressText)}>
          Downloading…
        </Body1>
        <Button appearance="subtle" {...attr(OFFLINE.action, 'abort')}>
          Cancel
        </Button>
      </div>
      <div {...row('done')}>
        <span className={s.ok}>
          <CheckmarkCircleFilled className={s.okIcon} aria-hidden />
          Available offline
        </span>
        <Body1 className={s.text} {...attr(OFFLINE.doneText)} />
        <Button icon={<DeleteRegular />} {...attr(OFFLINE.action, 'remove')}>
          Remove download
        </Button>
        <a href={OFFLINE_PATH} className={s.link} {...attr(OFFLINE.manage)} hidden>
          Manage downloads
        </a>
      </div>
      <div {...row('error')}>
        <Body1 className={s.error} {...attr(OFFLINE.errorText)} />
        <Button {...attr(OFFLINE.action, 'measure')}>Try again</Button>
      </div>
      <p className={s.live} aria-live="polite" {...attr(OFFLINE.live)} />
    </section>
  );
}
