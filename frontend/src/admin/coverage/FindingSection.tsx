/**
 * One kind of finding on the Coverage screen: its heading and count, what it means, and a list of
 * rows, each a link (a 44 px target at every width) to the screen where it is fixed, filtered to it.
 * Long lists show a first part and 'Show more'.
 */
import { Button, Caption1, CounterBadge, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { FindingRow } from './findings';

/** Rows shown at first, and added by each 'Show more'. */
const FIRST = 20;
const MORE = 50;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0 },
  hint: { color: tokens.colorNeutralForeground2 },
  list: { listStyleType: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.spacingVerticalXS },
  // The fix stays beside what it fixes at every width; a long text wraps in its own column.
  row: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    minHeight: '44px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    '@media (max-width: 480px)': { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flex: '1 1 0' },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  place: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  action: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    flexShrink: 0,
    color: tokens.colorBrandForegroundLink,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
  },
  more: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  moreButton: { minHeight: '44px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function FindingSection(props: { id: string; title: string; hint: string; count: number; rows: FindingRow[] }) {
  const s = useStyles();
  const [shown, setShown] = useState(FIRST);
  const { rows, count } = props;
  const visible = rows.slice(0, shown);
  return (
    <section className={s.section} aria-labelledby={props.id}>
      <Subtitle2 as="h3" id={props.id} className={s.heading}>
        {props.title}
        <CounterBadge count={count} overflowCount={99999} appearance="filled" color="informative" aria-hidden />
      </Subtitle2>
      <Caption1 className={s.hint}>{props.hint}</Caption1>
      <ul className={s.list}>
        {visible.map((r) => (
          <li key={r.key}>
            <Link className={s.row} to={r.to}>
              <span className={s.text}>
                <Text className={s.title}>{r.title}</Text>
                <Caption1 className={s.place}>{r.place}</Caption1>
              </span>
              <span className={s.action}>
                {r.action}
                <ChevronRightRegular aria-hidden />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {(visible.length < rows.length || rows.length < count) && (
        <div className={s.more}>
          <Caption1 className={s.muted}>
            Showing {visible.length} of {count}
            {visible.length === rows.length ? ': fix these and reload to see the rest.' : '.'}
          </Caption1>
          {visible.length < rows.length && (
            <Button className={s.moreButton} onClick={() => setShown((n) => n + MORE)}>
              Show more
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
