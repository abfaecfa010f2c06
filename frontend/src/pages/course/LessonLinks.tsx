/**
 * 'Previous lesson' and 'Next lesson' under a lesson: real links in the server HTML (crawlers and
 * visitors without JavaScript follow them), to unlocked lessons only, naming the level when the link
 * leaves this one.
 */
import { Body1, Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular } from '@fluentui/react-icons';
import type { LessonLink } from '@shared/contracts/pages';
import { pages } from '@shared/urls';
import { Link } from 'react-router-dom';

const useStyles = makeStyles({
  nav: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalXXL },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '64px',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { boxShadow: tokens.shadow8, color: tokens.colorBrandForeground1 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  next: { gridColumn: 2, justifyContent: 'flex-end', textAlign: 'right' },
  texts: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3 },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  icon: { flexShrink: 0, fontSize: '20px' },
});

export function LessonLinks({ previous, next, levelId }: { previous: LessonLink | null; next: LessonLink | null; levelId: string }) {
  const s = useStyles();
  if (!previous && !next) return null;
  const level = (l: LessonLink) => (l.level_id !== levelId ? ` · ${l.level_title}` : '');
  const to = (l: LessonLink) => pages.lesson(l.language_id, l.level_id, l.id);
  return (
    <nav className={s.nav} aria-label="More lessons">
      {previous && (
        <Link to={to(previous)} className={s.link} rel="prev" data-testid="previous-lesson">
          <ArrowLeftRegular className={s.icon} aria-hidden />
          <span className={s.texts}>
            <Caption1 className={s.label}>Previous lesson{level(previous)}</Caption1>
            <Body1 className={s.title}>{previous.title}</Body1>
          </span>
        </Link>
      )}
      {next && (
        <Link to={to(next)} className={mergeClasses(s.link, s.next)} rel="next" data-testid="next-lesson">
          <span className={s.texts}>
            <Caption1 className={s.label}>Next lesson{level(next)}</Caption1>
            <Body1 className={s.title}>{next.title}</Body1>
          </span>
          <ArrowRightRegular className={s.icon} aria-hidden />
        </Link>
      )}
    </nav>
  );
}
