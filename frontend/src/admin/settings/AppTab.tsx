/** App Links: store links and the app screenshot (uploaded and saved at once). */
import { Button, Card, Field, Input, Subtitle2 } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { SiteSettings } from '@shared/contracts/settings';
import { save, SettingImageCard, useSettingsAction, useSettingsStyles } from './shared';

export function AppTab({ settings }: { settings: SiteSettings }) {
  const s = useSettingsStyles();
  const [links, setLinks] = useState({ app_store_link: settings.app_store_link, play_store_link: settings.play_store_link });
  const action = useSettingsAction();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    await action.run(() => save(settings, { app_store_link: links.app_store_link.trim(), play_store_link: links.play_store_link.trim() }), {
      success: 'App settings updated successfully',
      failure: 'Failed to update app settings',
      fallback: 'The app settings could not be saved.',
    });
  }

  return (
    <div className={s.form}>
      <Card className={s.card}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className={s.card} style={{ padding: 0 }}>
          <Subtitle2 as="h3">Store Links</Subtitle2>
          {action.alert}
          <Field label="App Store link" hint="Leave empty to hide the App Store button">
            <Input
              type="url"
              value={links.app_store_link}
              placeholder="https://apps.apple.com/..."
              onChange={(_, d) => setLinks((l) => ({ ...l, app_store_link: d.value }))}
            />
          </Field>
          <Field label="Play Store link" hint="Leave empty to hide the Play Store button">
            <Input
              type="url"
              value={links.play_store_link}
              placeholder="https://play.google.com/..."
              onChange={(_, d) => setLinks((l) => ({ ...l, play_store_link: d.value }))}
            />
          </Field>
          <div className={s.actions}>
            <Button appearance="primary" type="submit" disabled={action.busy}>
              {action.busy ? 'Saving...' : 'Save App Settings'}
            </Button>
          </div>
        </form>
      </Card>
      <SettingImageCard
        settings={settings}
        kind="settings-app"
        field="app_screenshot"
        title="App Screenshot"
        alt="Current app screenshot"
        empty="No screenshot uploaded yet."
        label="Upload App Screenshot"
        hint="Shown on the download page. PNG, JPEG, WebP or GIF."
        texts={{
          success: 'App screenshot uploaded successfully',
          failure: 'Failed to upload app screenshot',
          fallback: 'The screenshot could not be uploaded.',
        }}
      />
    </div>
  );
}
