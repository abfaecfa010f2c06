/** Social: the five social links (each shown in the footer only when set). */
import type { SiteSettings } from '@shared/contracts/settings';
import { TextField } from '../components/SchemaForm';
import { useSchemaForm } from '../components/useSchemaForm';
import { save, SettingsForm, useSettingsAction, useSettingsStyles } from './shared';

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
  const form = useSchemaForm(Object.fromEntries(LINKS.map((l) => [l.key, settings[l.key]])) as Record<Key, string>);
  const action = useSettingsAction();

  const onSubmit = () => {
    const trimmed = Object.fromEntries(Object.entries(form.values).map(([k, v]) => [k, v.trim()]));
    return action.run(() => save(settings, trimmed), {
      success: 'Social links updated successfully',
      failure: 'Failed to update social links',
      fallback: 'The social links could not be saved.',
    });
  };

  return (
    <div className={s.form}>
      <SettingsForm form={form} action={action} label="Save Social Links" onSubmit={onSubmit}>
        {LINKS.map((l) => (
          <TextField key={l.key} form={form} name={l.key} label={l.label} type="url" placeholder={l.placeholder} />
        ))}
      </SettingsForm>
    </div>
  );
}
