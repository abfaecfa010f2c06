/** Content: hero image (uploaded and saved at once) and the About, Who We Are, How It Works texts. */
import { Subtitle2 } from '@fluentui/react-components';
import type { SiteSettings } from '@shared/contracts/settings';
import { TextField } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';
import { save, SettingImageCard, SettingsForm, useSettingsAction, useSettingsStyles } from './shared';

const PAIRS = [
  { title: 'about_title', content: 'about_content', label: 'About' },
  { title: 'who_we_are_title', content: 'who_we_are_content', label: 'Who We Are' },
  { title: 'how_it_works_title', content: 'how_it_works_content', label: 'How It Works' },
] as const;
type Field = (typeof PAIRS)[number]['title' | 'content'];

export function ContentTab({ settings }: { settings: SiteSettings }) {
  const s = useSettingsStyles();
  const form = useSchemaForm(
    Object.fromEntries(
      PAIRS.flatMap((p) => [
        [p.title, settings[p.title]],
        [p.content, settings[p.content]],
      ]),
    ) as Record<Field, string>,
  );
  const action = useSettingsAction();

  const onSubmit = () =>
    action.run(() => save(settings, form.values), {
      success: 'Content settings updated successfully',
      failure: 'Failed to update content settings',
      fallback: 'The content could not be saved.',
    });

  return (
    <div className={s.form}>
      <SettingImageCard
        settings={settings}
        kind="settings-hero"
        field="hero_image"
        title="Hero Image"
        alt="Current home page hero"
        empty="No hero image uploaded yet."
        label="Upload Hero Image"
        hint="The large image at the top of the home page. PNG, JPEG, WebP or GIF."
        texts={{ success: 'Hero image uploaded successfully', failure: 'Failed to upload hero image', fallback: 'The hero image could not be uploaded.' }}
      />
      <SettingsForm form={form} action={action} label="Save Content" onSubmit={onSubmit}>
        {PAIRS.map((p) => (
          <fieldset key={p.title} className={s.card} style={{ border: 'none', padding: 0, margin: 0, gap: 8 }}>
            <legend style={{ padding: 0, marginBottom: 4 }}>
              <Subtitle2>{p.label}</Subtitle2>
            </legend>
            <TextField form={form} name={p.title} label={`${p.label} title`} hint="Empty shows the default text" />
            <TextField form={form} name={p.content} label={`${p.label} content`} rows={4} />
          </fieldset>
        ))}
      </SettingsForm>
    </div>
  );
}
