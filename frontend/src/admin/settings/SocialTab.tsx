/** Social: the five social links (each shown in the footer only when set). */
import { Button, Card, Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { SiteSettings } from '@shared/contracts/settings';
import { save, useSettingsAction, useSettingsStyles } from './shared';

const LINKS = [
  { key: 'facebook_link', label: 'Facebook', placeholder: 'https://facebook.com/...' },
  { key: 'twitter_link', label: 'Twitter', placeholder: 'https://twitter.com/...' },
  { key: 'instagram_link', label: 'Instagram', placeholder: 'https://instagram.com/...' },
  { key: 'linkedin_link', label: 'LinkedIn', placeholder: 'https://linkedin.com/company/...' },
  { key: 'pinterest_link', label: 'Pinterest', placeholder: 'https://pinterest.com/...' },
] as const;
type Key = (typeof LINKS)[number]['key'];

export function SocialTab({ settings }: { settings: SiteSettings }) {
  const s = useSettingsStyles();
  const [values, setValues] = useState(() => Object.fromEntries(LINKS.map((l) => [l.key, settings[l.key]])) as Record<Key, string>);
  const action = useSettingsAction();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
    await action.run(() => save(settings, trimmed), {
      success: 'Social links updated successfully',
      failure: 'Failed to update social links',
      fallback: 'The social links could not be saved.',
    });
  }

  return (
    <div className={s.form}>
      <Card className={s.card}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className={s.card} style={{ padding: 0 }}>
          {action.alert}
          {LINKS.map((l) => (
            <Field key={l.key} label={l.label}>
              <Input type="url" value={values[l.key]} placeholder={l.placeholder} onChange={(_, d) => setValues((v) => ({ ...v, [l.key]: d.value }))} />
            </Field>
          ))}
          <div className={s.actions}>
            <Button appearance="primary" type="submit" disabled={action.busy}>
              {action.busy ? 'Saving...' : 'Save Social Links'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
