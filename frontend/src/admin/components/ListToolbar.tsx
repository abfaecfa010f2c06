/** The bar above every admin list: a search box, the list's filters and its count. */
import { Body1, Field, makeStyles, SearchBox, Select, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Language } from '@shared/contracts/languages';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalM,
  },
  search: { flex: '1 1 220px', maxWidth: '420px', minHeight: '44px' },
  count: { marginLeft: 'auto', color: tokens.colorNeutralForeground2 },
  // Two filters side by side on a phone, each up to 240 px wide; a long option must not widen them.
  filter: { flex: '1 1 150px', maxWidth: '240px', minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  // 44 px: a touch target on phones, and the search box's height beside it.
  select: { minWidth: 0, '& select': { minHeight: '44px', minWidth: 0, width: '100%', textOverflow: 'ellipsis' } },
});

export function ListToolbar(props: { q: string; onSearch: (q: string) => void; placeholder: string; children?: ReactNode; count?: ReactNode }) {
  const s = useStyles();
  const { q, onSearch } = props;
  // The box shows what was typed, not the URL's `q`: the router applies URL changes a render or
  // more later, and a box bound to it would drop the keys typed meanwhile. A `q` the box did not
  // send (Back, a shared link) replaces its text.
  const [text, setText] = useState(q);
  const sent = useRef(new Set<string>());
  const last = useRef(q);
  useEffect(() => {
    if (sent.current.has(q)) {
      if (q === last.current) sent.current.clear(); // the URL has caught up
      return;
    }
    sent.current.clear();
    setText(q);
  }, [q]);
  const change = useCallback(
    (v: string) => {
      setText(v);
      sent.current.add(v);
      last.current = v;
      onSearch(v);
    },
    [onSearch],
  );
  return (
    <div className={s.bar} role="search">
      <SearchBox
        className={s.search}
        size="large"
        value={text}
        placeholder={props.placeholder}
        aria-label={props.placeholder}
        onChange={(_, d) => change(d.value)}
      />
      {props.children}
      {props.count !== undefined && <Body1 className={s.count}>{props.count}</Body1>}
    </div>
  );
}

/** One filter of the bar: a labelled select whose empty value means "all" (`allLabel`). */
export function ListFilter(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}) {
  const s = useStyles();
  return (
    <Field label={props.label} className={s.filter}>
      <Select className={s.select} value={props.value} disabled={props.disabled} onChange={(_, d) => props.onChange(d.value)}>
        <option value="">{props.allLabel}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The course lists' language filter; `onChange` also clears the filters that belong to a language. */
export function LanguageFilter(props: {
  languages: readonly Pick<Language, 'id' | 'name'>[] | undefined;
  value: string;
  onChange: (language: string) => void;
}) {
  const options = (props.languages ?? []).map((l) => ({ value: l.id, label: l.name }));
  return <ListFilter label="Language" allLabel="All languages" value={props.value} onChange={props.onChange} options={options} />;
}
