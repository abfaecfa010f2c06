/** The download-app block after a lesson: store links from the site settings, and a way to /download. */
import { Body1, Button, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useSettings } from '../../api/settings';
import { ButtonLink } from '../../components/ButtonLink';
import { pages } from '@shared/urls';

const useStyles = makeStyles({
  root: {
    marginTop: tokens.spacingVerticalXXL,
    padding: tokens.spacingVerticalXXL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorBrandBackground2,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalM,
    textAlign: 'center',
  },
  heading: { margin: 0 },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', justifyContent: 'center' },
});

export function AppPromo() {
  const s = useStyles();
  const { settings } = useSettings();
  const stores = [
    { label: 'App Store', href: settings.app_store_link },
    { label: 'Play Store', href: settings.play_store_link },
  ].filter((x) => x.href);
  return (
    <section className={s.root} aria-labelledby="app-promo-heading">
      <Subtitle1 as="h2" id="app-promo-heading" className={s.heading}>
        Keep learning with our free app
      </Subtitle1>
      <Body1>Unlock every lesson, practise offline and track your progress on your phone.</Body1>
      <div className={s.buttons}>
        {stores.map((st) => (
          <Button key={st.label} as="a" href={st.href} target="_blank" rel="noopener noreferrer" appearance="secondary">
            {st.label}
          </Button>
        ))}
        <ButtonLink to={pages.download} appearance="primary" icon={<ArrowDownloadRegular />}>
          Download App
        </ButtonLink>
      </div>
    </section>
  );
}
