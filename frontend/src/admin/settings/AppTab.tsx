/** App Links: store links and the app screenshot (uploaded and saved at once). */
import type { SiteSettings } from '@shared/contracts/settings';
import { TextField } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';
import { save, SettingImageCard, SettingsForm, useSettingsAction, useSettingsStyles } from './shared';

export function AppTab({ settings }: { settings: SiteSettings }) {
  const s = useSettingsStyles();
  const form = useSchemaForm({ app_store_link: settings.app_store_link, play_store_link: settings.play_store_link });
  const action = useSettingsAction();
  const { values } = form;

  const onSubmit = () =>
    action.run(() => save(settings, { app_store_link: values.app_store_link.trim(), play_store_link: values.play_store_link.trim() }), {
      success: 'App settings updated successfully',
      failure: 'Failed to update app settings',
      fallback: 'The app settings could not be saved.',
    });

  return (
    <div className={s.form}>
      <SettingsForm form={form} action={action} title="Store Links" label="Save App Settings" onSubmit={onSubmit}>
        <TextField
          form={form}
          name="app_store_link"
          label="App Store link"
          hint="Leave empty to hide the App Store button"
          type="url"
          placeholder="https://apps.apple.com/..."
        />
        <TextField
          form={form}
          name="play_store_link"
          label="Play Store link"
          hint="Leave empty to hide the Play Store button"
          type="url"
          placeholder="https://play.google.com/..."
        />
      </SettingsForm>
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
