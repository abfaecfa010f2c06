/**
 * Navigation on content pages: breadcrumbs (language, level, current page) and, under 768 px,
 * a Back button to the parent page.
 */
import { Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { Fragment } from 'react';
import { pages } from '@shared/urls';
import { ButtonLink } from '../../components/ButtonLink';

export interface Crumb {
  label: string;
  /** Absent on the current page. */
  to?: string;
}

/** The first crumbs of a page under a level (a lesson, its practice): the language, then the level, both links. */
export const levelCrumbs = (lang: { id: string; name: string }, lvl: { id: string; title: string }): Crumb[] => [
  { label: lang.name, to: pages.language(lang.id) },
  { label: lvl.title, to: pages.level(lang.id, lvl.id) },
];

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalL, minWidth: 0 },
  back: { '@media (min-width: 768px)': { display: 'none' } },
  crumbs: { minWidth: 0 },
  // The current page is text, not a (disabled) button: it styles like Fluent's current crumb.
  current: { padding: `0 ${tokens.spacingHorizontalS}`, fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
});

export function CourseNav({ crumbs, back }: { crumbs: Crumb[]; back: string }) {
  const s = useStyles();
  return (
    <div className={s.root}>
      <ButtonLink to={back} appearance="subtle" icon={<ArrowLeftRegular />} className={s.back}>
        Back
      </ButtonLink>
      <Breadcrumb aria-label="Breadcrumb" className={s.crumbs}>
        {crumbs.map((c, i) => (
          <Fragment key={i}>
            {i > 0 && <BreadcrumbDivider />}
            <BreadcrumbItem>
              {c.to ? (
                <BreadcrumbButton as="a" href={c.to}>
                  {c.label}
                </BreadcrumbButton>
              ) : (
                <span className={s.current} aria-current="page">
                  {c.label}
                </span>
              )}
            </BreadcrumbItem>
          </Fragment>
        ))}
      </Breadcrumb>
    </div>
  );
}
