/**
 * One kind of finding on the Coverage screen: its heading and count, what it means, and a list of
 * rows, each a link (a 44 px target at every width) to the screen where it is fixed, filtered to it.
 * Long lists show a first part and 'Show more'. Kinds with bulk actions (BulkDef) have a box per
 * row: the selected levels, lessons or phrases change at once, all or nothing, with Undo where there
 * is one (a delete asks first).
 */
import { Button, Caption1, Checkbox, CounterBadge, makeStyles, mergeClasses, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BULK_MAX, type BulkItem, type BulkResult } from '@shared/contracts/publishing';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { bulkChange } from '../../api/publishing';
import { useItemAction } from '../components/useItemAction';
import type { BulkDef, FindingRow } from './findings';
import { countOf } from '@shared/plural';

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
  // A row with its box: the box is a 44 px target of its own beside the link.
  selectable: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  box: { minWidth: '44px', minHeight: '44px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  grow: { flex: '1 1 0', minWidth: 0 },
  bulkBar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

const noun = (items: BulkItem[]) => {
  const word = items.every((i) => i.phrase_id) ? 'phrase' : items.every((i) => i.lesson_id) ? 'lesson' : items.some((i) => i.lesson_id) ? 'item' : 'level';
  return countOf(items.length, word);
};

export function FindingSection(props: {
  id: string;
  title: string;
  hint: string;
  count: number;
  rows: FindingRow[];
  language: string;
  bulk?: readonly BulkDef[];
  /** Controls of the section shown under its hint (Hardest phrases: the lesson picker). */
  tools?: ReactNode;
}) {
  const s = useStyles();
  const [shown, setShown] = useState(FIRST);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<BulkDef>();
  const { busy, run } = useItemAction();
  const { rows, count, bulk, language } = props;
  const visible = rows.slice(0, shown);
  // At most what every action takes at once; rows that left the list (fixed, reloaded) drop out of the selection.
  const max = Math.min(BULK_MAX, ...(bulk ?? []).map((d) => d.max ?? BULK_MAX));
  const selectable = bulk?.length ? visible.filter((r) => r.item).slice(0, max) : [];
  const chosen = selectable.filter((r) => selected.has(r.key));
  const toggle = (key: string, on: boolean) => setSelected((sel) => new Set(on ? [...sel, key] : [...sel].filter((k) => k !== key)));

  const apply = (def: BulkDef) => {
    setConfirming(undefined);
    const items = chosen.flatMap((r) => (r.item ? [r.item] : []));
    const failed = `Failed: ${def.label.toLowerCase()}`;
    const write = { work: () => bulkChange({ language_id: language, action: def.action, items }), ok: `${noun(items)} ${def.done}`, failed };
    const { undo } = def;
    const reverse =
      undo &&
      ((answer: unknown) => ({ work: () => undo.write(language, items, answer as BulkResult), ok: `${noun(items)} ${undo.done}`, failed: 'Failed: undo' }));
    void run(props.id, write, reverse).then((ok) => ok && setSelected(new Set()));
  };
  return (
    <section className={s.section} aria-labelledby={props.id}>
      <Subtitle2 as="h3" id={props.id} className={s.heading}>
        {props.title}
        <CounterBadge count={count} overflowCount={99999} appearance="filled" color="informative" aria-hidden />
      </Subtitle2>
      <Caption1 className={s.hint}>{props.hint}</Caption1>
      {props.tools}
      {selectable.length > 0 && (
        <div className={s.bulkBar}>
          <Checkbox
            label={`Select all${selectable.length < visible.length ? ` (first ${selectable.length})` : ''}`}
            checked={chosen.length === 0 ? false : chosen.length === selectable.length ? true : 'mixed'}
            onChange={(_, d) => setSelected(new Set(d.checked ? selectable.map((r) => r.key) : []))}
          />
          {bulk?.map((def, n) => (
            <Button
              key={def.action}
              appearance={n === 0 ? 'primary' : 'secondary'}
              disabled={!chosen.length || busy === props.id}
              onClick={() => (def.confirm ? setConfirming(def) : apply(def))}
            >
              {def.label}
              {chosen.length ? ` (${chosen.length})` : ''}
            </Button>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={!!confirming}
        title={`Delete ${noun(chosen.flatMap((r) => (r.item ? [r.item] : [])))}?`}
        text="They go to the Trash with everything in them (lessons, phrases, audio) and can be put back from there for 30 days, or with Undo right after."
        onConfirm={() => confirming && apply(confirming)}
        onCancel={() => setConfirming(undefined)}
      />
      <ul className={s.list}>
        {visible.map((r) => (
          <li key={r.key} className={selectable.length > 0 && r.item ? s.selectable : undefined}>
            {selectable.length > 0 && r.item && (
              <span className={s.box}>
                <Checkbox aria-label={`Select ${r.title}`} checked={selected.has(r.key)} onChange={(_, d) => toggle(r.key, !!d.checked)} />
              </span>
            )}
            <Link className={mergeClasses(s.row, selectable.length > 0 && r.item && s.grow)} to={r.to}>
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
