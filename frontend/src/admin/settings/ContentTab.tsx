/** Content: hero image (uploaded and saved at once) and the About, Who We Are, How It Works texts. */
import { Button, Card, Field, Input, Subtitle2, Textarea } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { SiteSettings } from '@shared/contracts/settings';
import { save, SettingImageCard, useSettingsAction, useSettingsStyles } from './shared';

const PAIRS = [
  { title: 'about_title', content: 'about_content', label: 'About' },
  { title: 'who_we_are_title', content: 'who_we_are_content', label: 'Who We Are' },
  { title: 'how_it_works_title', content: 'how_it_works_content', label: 'How It Works' },
] as const;
type Field = (typeof PAIRS)[number]['title' | 'content'];

export function ContentTab({ settings }: { settings: SiteSettings }) {
  const s = useSettingsStyles();
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(
        PAIRS.flatMap((p) => [
          [p.title, settings[p.title]],
          [p.content, settings[p.content]],
        ]),
      ) as Record<Field, string>,
  );
  const action = useSettingsAction();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    await action.run(() => save(settings, values), {
      success: 'Content settings updated successfully',
      failure: 'Failed to update content settings',
      fallback: 'The content could not be saved.',
    });
  }

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
      <Card className={s.card}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className={s.card} style={{ padding: 0 }}>
          {action.alert}
          {PAIRS.map((p) => (
            <fieldset key={p.title} className={s.card} style={{ border: 'none', padding: 0, margin: 0, gap: 8 }}>
              <legend style={{ padding: 0, marginBottom: 4 }}>
                <Subtitle2>{p.label}</Subtitle2>
              </legend>
              <Field label={`${p.label} title`} hint="Empty shows the default text">
                <Input value={values[p.title]} onChange={(_, d) => setValues((v) => ({ ...v, [p.title]: d.value }))} />
              </Field>
              <Field label={`${p.label} content`}>
                <Textarea rows={4} resize="vertical" value={values[p.content]} onChange={(_, d) => setValues((v) => ({ ...v, [p.content]: d.value }))} />
              </Field>
            </fieldset>
          ))}
          <div className={s.actions}>
            <Button appearance="primary" type="submit" disabled={action.busy}>
              {action.busy ? 'Saving...' : 'Save Content'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
