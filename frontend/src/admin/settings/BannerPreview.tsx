/** What the embed script draws (frontend/public/embed/banner.js), drawn with the unsaved values. */
import { makeStyles, mergeClasses } from '@fluentui/react-components';
import type { SiteSettings } from '@shared/contracts/settings';
import { BANNER_SIZE_PX, normaliseBannerSize } from '@shared/settings-defaults';

export type BannerFields = Pick<
  SiteSettings,
  | 'banner_bg_color'
  | 'banner_text_color'
  | 'banner_cta_text'
  | 'banner_cta_color'
  | 'banner_cta_bg_color'
  | 'banner_show_logo'
  | 'banner_title'
  | 'banner_description'
  | 'banner_size'
>;

// Same metrics as the script's stylesheet, so the preview is faithful.
const useStyles = makeStyles({
  banner: {
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: '16px',
    padding: '16px 20px',
    borderRadius: '12px',
    boxShadow: '0 1px 3px rgba(0,0,0,.12)',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    lineHeight: 1.4,
    textAlign: 'left',
    '@media (max-width: 600px)': { flexDirection: 'column', textAlign: 'center' },
  },
  vertical: { flexDirection: 'column', textAlign: 'center', maxWidth: '300px' },
  logo: { display: 'block', width: 'auto', maxWidth: '160px', objectFit: 'contain', flexShrink: 0 },
  text: { flexGrow: 1, minWidth: 0 },
  title: { margin: '0 0 4px', fontWeight: 700, lineHeight: 1.25 },
  desc: { margin: 0, opacity: 0.9 },
  cta: {
    flexShrink: 0,
    display: 'inline-block',
    padding: '10px 18px',
    borderRadius: '8px',
    fontWeight: 600,
    fontSize: '14px',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
  },
});

export function BannerPreview({ fields, logo, link, layout }: { fields: BannerFields; logo: string; link: string; layout: 'horizontal' | 'vertical' }) {
  const s = useStyles();
  const px = BANNER_SIZE_PX[normaliseBannerSize(fields.banner_size)];
  return (
    <aside
      className={mergeClasses(s.banner, layout === 'vertical' && s.vertical)}
      style={{ backgroundColor: fields.banner_bg_color, color: fields.banner_text_color }}
      aria-label="Banner preview"
      data-testid="banner-preview"
    >
      {fields.banner_show_logo && logo && <img src={logo} alt="" className={s.logo} style={{ height: px.logo }} />}
      <div className={s.text}>
        <p className={s.title} style={{ fontSize: px.title }}>
          {fields.banner_title}
        </p>
        <p className={s.desc} style={{ fontSize: px.description }}>
          {fields.banner_description}
        </p>
      </div>
      <a
        className={s.cta}
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        style={{ color: fields.banner_cta_color, backgroundColor: fields.banner_cta_bg_color }}
      >
        {fields.banner_cta_text}
      </a>
    </aside>
  );
}
