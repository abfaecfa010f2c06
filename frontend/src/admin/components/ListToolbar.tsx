/** The bar above every admin list: a search box, the list's filters and its count. */
import { Body1, makeStyles, SearchBox, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalM },
  search: { flex: '1 1 220px', maxWidth: '420px', minHeight: '44px' },
  count: { marginLeft: 'auto', color: tokens.colorNeutralForeground2 },
});

export function ListToolbar(props: { q: string; onSearch: (q: string) => void; placeholder: string; children?: ReactNode; count?: ReactNode }) {
  const s = useStyles();
  return (
    <div className={s.bar} role="search">
      <SearchBox
        className={s.search}
        size="large"
        value={props.q}
        placeholder={props.placeholder}
        aria-label={props.placeholder}
        onChange={(_, d) => props.onSearch(d.value)}
      />
      {props.children}
      {props.count !== undefined && <Body1 className={s.count}>{props.count}</Body1>}
    </div>
  );
}
