/**
 * Branding: logo, favicon and the built-in parrot favicon. Each is saved at once; the favicon is read
 * when the page loads, so the page reloads to apply it (after 1.5 s, so the toast can be read).
 */
import { Button, Card, makeStyles, Subtitle2, Body1 } from '@fluentui/react-components';
import { useState } from 'react';
import type { SiteSettings } from '@shared/contracts/settings';
import { FALLBACK_FAVICON } from '@shared/settings-defaults';
import { ImagePicker, save, uploadSetting, useSettingsAction, useSettingsStyles } from './shared';

const RELOAD_DELAY_MS = 1500;

/** The two uploaded images: where each goes, its picker's texts and its toasts. */
const IMAGES = {
  logo: {
    kind: 'settings-logo',
    label: 'Choose Logo',
    hint: 'Shown in the header and the embed banner. PNG, JPEG, WebP or GIF.',
    texts: { success: 'Logo uploaded successfully', failure: 'Failed to upload logo', fallback: 'The logo could not be uploaded.' },
  },
  favicon: {
    kind: 'settings-favicon',
    label: 'Choose Icon',
    hint: 'A square image, e.g. 64x64: PNG, JPEG, WebP, GIF or ICO.',
    texts: {
      success: 'Favicon uploaded successfully. Reloading page to apply changes...',
      failure: 'Failed to upload favicon',
      fallback: 'The favicon could not be uploaded.',
    },
  },
} as const;
type Image = keyof typeof IMAGES;

const useStyles = makeStyles({
  logo: { display: 'block', alignSelf: 'flex-start', maxHeight: '100px', maxWidth: '100%', objectFit: 'contain' },
  favicon: { display: 'block', alignSelf: 'flex-start', maxHeight: '64px', maxWidth: '64px', objectFit: 'contain' },
});

/** The favicon is read at page load: a reload applies it. */
const reload = () => window.location.reload();

export default function BrandingTab({ settings }: { settings: SiteSettings }) {
  const s = useSettingsStyles();
  const b = useStyles();
  // One alert for the tab, titled 'Upload Error' (the other tabs' is titled 'Error').
  const action = useSettingsAction('Upload Error');
  const [busy, setBusy] = useState<Image | 'parrot'>();
  const [progress, setProgress] = useState<number>();

  async function onImage(field: Image, file: File) {
    setBusy(field);
    setProgress(0);
    const ok = await action.run(() => uploadSetting(settings, IMAGES[field].kind, file, field, setProgress), IMAGES[field].texts);
    setBusy(undefined);
    if (!ok) return;
    if (field === 'favicon') setTimeout(reload, RELOAD_DELAY_MS);
    // Without a favicon of its own the site's icon follows the logo: reload to show it.
    else if (!settings.favicon) reload();
  }

  async function setParrotFavicon() {
    setBusy('parrot');
    const ok = await action.run(() => save(settings, { favicon: FALLBACK_FAVICON }), {
      success: 'Favicon set successfully. Reloading page to apply changes...',
      failure: 'Failed to set favicon',
      fallback: 'The favicon could not be set.',
    });
    setBusy(undefined);
    if (ok) setTimeout(reload, RELOAD_DELAY_MS);
  }

  const picker = (field: Image) => {
    const { kind, label, hint } = IMAGES[field];
    return (
      <ImagePicker
        kind={kind}
        label={label}
        hint={hint}
        busy={busy === field}
        disabled={!!busy}
        progress={progress}
        onFile={(file) => void onImage(field, file)}
      />
    );
  };

  return (
    <div className={s.form}>
      {action.alert}
      <Card className={s.card}>
        <Subtitle2 as="h3">Logo</Subtitle2>
        {settings.logo ? <img src={settings.logo} alt="Current logo" className={b.logo} /> : <Body1>No logo uploaded yet.</Body1>}
        {picker('logo')}
      </Card>
      <Card className={s.card}>
        <Subtitle2 as="h3">Favicon</Subtitle2>
        <img src={settings.favicon || FALLBACK_FAVICON} alt="Current favicon" className={b.favicon} />
        <div className={s.row}>
          {picker('favicon')}
          <Button onClick={() => void setParrotFavicon()} disabled={!!busy} style={{ alignSelf: 'flex-start' }}>
            {busy === 'parrot' ? 'Saving...' : 'Use Parrot Favicon'}
          </Button>
        </div>
      </Card>
    </div>
  );
}
