/**
 * Embed: the copyable snippet that loads this site's /embed/banner.js, the banner's colours, texts,
 * logo switch and size, and a live preview (horizontal or vertical) of the unsaved values.
 */
import {
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Subtitle2,
  Switch,
  Tab,
  TabList,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkRegular, CopyRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import type { SiteSettings } from '@shared/contracts/settings';
import { BANNER_SIZE_PX, BANNER_SIZES, normaliseBannerSize, SETTINGS_ID } from '@shared/settings-defaults';
import { useNotify } from '../../components/notify';
import { BannerPreview, type BannerFields } from './BannerPreview';
import { AA_NORMAL, contrastRatio } from './contrast';
import { TextField } from '../components/SchemaForm';
import { useSchemaForm, type SchemaForm } from '../components/useSchemaForm';
import { save, SettingsForm, useSettingsAction, useSettingsStyles } from './shared';

const COPIED_MS = 2000;

const sizeHint = (size: string) => {
  const px = BANNER_SIZE_PX[normaliseBannerSize(size)];
  return `Title ${px.title}px, description ${px.description}px, logo ${px.logo}px high`;
};
const CONTAINER_ID = 'parrot-phrases-banner';

export const embedSnippet = (origin: string) =>
  `<div id="${CONTAINER_ID}"></div>\n<script src="${origin}/embed/banner.js" data-site-id="${SETTINGS_ID}" data-target="${CONTAINER_ID}" async></script>`;

const COLOURS = [
  { key: 'banner_bg_color', label: 'Background color' },
  { key: 'banner_text_color', label: 'Text color' },
  { key: 'banner_cta_color', label: 'Button text color' },
  { key: 'banner_cta_bg_color', label: 'Button background color' },
] as const;

const useStyles = makeStyles({
  snippetRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  snippet: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
  colours: { display: 'grid', gap: tokens.spacingHorizontalM, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' },
  colour: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  swatch: {
    width: '40px',
    height: '32px',
    padding: 0,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    cursor: 'pointer',
    flexShrink: 0,
  },
  previewArea: { padding: tokens.spacingHorizontalL, backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium },
});

/** `<input type="color">` only takes #rrggbb. */
const toPickerValue = (c: string) => {
  if (/^#[0-9a-f]{6}$/i.test(c)) return c.toLowerCase();
  const m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(c);
  return m ? `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}`.toLowerCase() : '#000000';
};

/** The snippet to paste into another site, and its copy button (a tick for two seconds after copying). */
function EmbedCodeCard() {
  const s = useSettingsStyles();
  const e = useStyles();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const snippet = embedSnippet(window.location.origin);

  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      notify('Embed code copied to clipboard');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch (err) {
      notify('Could not copy the embed code', { body: (err as Error).message, intent: 'error' });
    }
  }

  return (
    <Card className={s.card}>
      <Subtitle2 as="h3">Embed Code</Subtitle2>
      <Field label="Embed code" hint="Paste this into any web page to show the app banner there.">
        <div className={e.snippetRow}>
          <Textarea className={e.snippet} value={snippet} readOnly rows={4} resize="vertical" />
          <Button
            icon={copied ? <CheckmarkRegular /> : <CopyRegular />}
            aria-label={copied ? 'Embed code copied' : 'Copy embed code'}
            data-copied={copied || undefined}
            onClick={() => void copy()}
          />
        </div>
      </Field>
    </Card>
  );
}

/**
 * The four colours, each a picker and its hex text, and a warning (not a block: the banner shows on
 * other people's sites) when its text would be hard to read.
 */
function BannerColours({ form }: { form: SchemaForm<BannerFields> }) {
  const e = useStyles();
  const fields = form.values;
  const lowContrast = [
    ['Text', contrastRatio(fields.banner_text_color, fields.banner_bg_color)],
    ['Button text', contrastRatio(fields.banner_cta_color, fields.banner_cta_bg_color)],
  ].filter(([, r]) => r !== undefined && (r as number) < AA_NORMAL) as [string, number][];
  return (
    <>
      <div className={e.colours}>
        {COLOURS.map((c) => (
          <Field key={c.key} label={c.label}>
            <div className={e.colour}>
              <input
                type="color"
                className={e.swatch}
                aria-label={`${c.label} picker`}
                value={toPickerValue(fields[c.key])}
                onChange={(ev) => form.set(c.key, ev.target.value)}
              />
              <Input value={fields[c.key]} onChange={(_, d) => form.set(c.key, d.value)} aria-label={`${c.label} hex`} />
            </div>
          </Field>
        ))}
      </div>
      {lowContrast.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            Low contrast: {lowContrast.map(([what, r]) => `${what} ${r.toFixed(1)}:1`).join(', ')} (at least {AA_NORMAL}:1 is easier to read).
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}

export default function EmbedTab({ settings }: { settings: SiteSettings }) {
  const s = useSettingsStyles();
  const e = useStyles();
  const action = useSettingsAction();
  const form = useSchemaForm<BannerFields>({
    banner_bg_color: settings.banner_bg_color,
    banner_text_color: settings.banner_text_color,
    banner_cta_text: settings.banner_cta_text,
    banner_cta_color: settings.banner_cta_color,
    banner_cta_bg_color: settings.banner_cta_bg_color,
    banner_show_logo: settings.banner_show_logo,
    banner_title: settings.banner_title,
    banner_description: settings.banner_description,
    banner_size: normaliseBannerSize(settings.banner_size),
  });
  const fields = form.values;
  const [layout, setLayout] = useState<'horizontal' | 'vertical'>('horizontal');

  const onSubmit = () =>
    action.run(() => save(settings, fields), {
      success: 'Banner embed settings updated successfully',
      failure: 'Failed to update banner settings',
      fallback: 'The banner settings could not be saved.',
    });

  return (
    <div className={s.form}>
      <EmbedCodeCard />
      <SettingsForm form={form} action={action} title="Banner Customization" label="Save Banner Settings" onSubmit={onSubmit}>
        <BannerColours form={form} />
        <TextField form={form} name="banner_title" label="Banner title" />
        <TextField form={form} name="banner_description" label="Banner description" rows={3} />
        <TextField form={form} name="banner_cta_text" label="Button text" />
        <Switch label="Show logo" checked={fields.banner_show_logo} onChange={(_, d) => form.set('banner_show_logo', d.checked)} />
        <Field label="Banner size" hint={sizeHint(fields.banner_size)}>
          <RadioGroup layout="horizontal" value={fields.banner_size} onChange={(_, d) => form.set('banner_size', normaliseBannerSize(d.value))}>
            {BANNER_SIZES.map((size) => (
              <Radio key={size} value={size} label={size[0].toUpperCase() + size.slice(1)} />
            ))}
          </RadioGroup>
        </Field>
      </SettingsForm>
      <Card className={s.card}>
        <Subtitle2 as="h3">Live Preview</Subtitle2>
        <TabList size="small" selectedValue={layout} onTabSelect={(_, d) => setLayout(d.value as 'horizontal' | 'vertical')} aria-label="Preview layout">
          <Tab value="horizontal">Horizontal</Tab>
          <Tab value="vertical">Vertical</Tab>
        </TabList>
        <div className={e.previewArea}>
          <BannerPreview fields={fields} logo={settings.logo} link={settings.app_store_link || settings.play_store_link || '/download'} layout={layout} />
        </div>
      </Card>
    </div>
  );
}
