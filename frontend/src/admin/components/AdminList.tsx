/**
 * The one admin list: a Fluent DataGrid on wide screens, a list of cards below 768 px, with a
 * loading skeleton, an empty text, sortable columns (sort state controlled by the caller, usually
 * from the URL through useListParams) and paging: either the API's cursor (`pages`) or, for a
 * list held in memory (`items`), rendering it `pageSize` rows at a time.
 */
import {
  Body1,
  Button,
  Card,
  createTableColumn,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  makeStyles,
  Skeleton,
  SkeletonItem,
  Text,
  tokens,
  type TableColumnId,
  type TableColumnSizingOptions,
} from '@fluentui/react-components';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { PageState } from '../../components/PageState';
import { useNarrow } from './useNarrow';
import type { SortState } from './useListParams';
import { SortableArea, SortableHandleProvider, SortableListItem, useSortableItem } from './sortable';

export interface ListColumn<T> {
  id: string;
  label: string;
  render: (item: T) => ReactNode;
  /** Sorts in the browser (a list held in memory). */
  compare?: (a: T, b: T) => number;
  /** Sortable by the API: the header toggles the sort, the rows come back in order. */
  serverSort?: boolean;
  /** Minimum width in px on wide screens. */
  minWidth?: number;
  /** Left out of the narrow card (e.g. shown in its title already). */
  hideInCard?: boolean;
}

/** A list read from the API a page at a time (usePaged): the rows so far and the next page. */
export interface ListPages<T> {
  items: readonly T[];
  /** Nothing to show yet. */
  loading: boolean;
  /** More rows exist on the server. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/** The rows: held in memory (`items`) or read from the API page by page (`pages`). */
type Rows<T> = { items: readonly T[]; loading?: boolean; pages?: undefined } | { pages: ListPages<T>; items?: undefined; loading?: undefined };

export type AdminListProps<T> = Rows<T> & {
  /** Accessible name of the grid ("Users"). */
  label: string;
  columns: readonly ListColumn<T>[];
  getRowId: (item: T) => string;
  /** Shown when there are no rows (the screen's own empty text, or "No ... match"). */
  empty: ReactNode;
  /** Shown instead of the list (its load failed). */
  failed?: string;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** In-memory lists render this many rows, then a "Show more" button (default 50). */
  pageSize?: number;
  /** The narrow card's title (default: the first column). */
  cardTitle?: (item: T) => ReactNode;
  /**
   * Rows that can be dragged into a new order (pointer, touch, keyboard: ./sortable.tsx); a column
   * renders `<DragHandle label=... />`. Rows then stay in the given order (no column sort).
   */
  sortable?: {
    /** The item's name in the screen-reader announcements. */
    nameOf: (item: T) => string;
    /** One call per drop, with positions in `items`. */
    onMove: (from: number, to: number) => void;
    disabled?: boolean;
  };
};

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  cards: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM },
  field: { display: 'grid', gridTemplateColumns: 'minmax(88px, 30%) 1fr', gap: tokens.spacingHorizontalS, alignItems: 'center', minWidth: 0 },
  fieldLabel: { color: tokens.colorNeutralForeground3 },
  title: { wordBreak: 'break-word' },
  more: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalM },
  skeleton: { marginBottom: tokens.spacingVerticalS },
  // The row or card being dragged floats above its neighbours.
  dragging: { position: 'relative', zIndex: 1, boxShadow: tokens.shadow16, backgroundColor: tokens.colorNeutralBackground1 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  // The row's actions stay in view at the right edge when the other columns need a sideways scroll.
  pinned: {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: `-1px 0 0 ${tokens.colorNeutralStroke2}`,
  },
});

function RowActions({ children }: { children: ReactNode }) {
  return <div className={useStyles().actions}>{children}</div>;
}

/** The 'Actions' column: the row's buttons side by side, wrapping when the column is narrow. */
export function actionsColumn<T>(minWidth: number, render: (item: T) => ReactNode): ListColumn<T> {
  return { id: 'actions', label: 'Actions', minWidth, render: (item) => <RowActions>{render(item)}</RowActions> };
}

const pinnedIf = (columnId: TableColumnId, className: string) => (columnId === 'actions' ? className : undefined);

/** A grid row that moves with its drag handle (only inside a sortable AdminList). */
function SortableGridRow({ id, item, className, pinned }: { id: string; item: unknown; className: string; pinned: string }) {
  const row = useSortableItem(id);
  return (
    <SortableHandleProvider value={row.handle}>
      {/* DataGridRow forwards its ref, but its generic typing leaves `ref` out. */}
      <DataGridRow<unknown>
        {...{ ref: row.ref }}
        style={row.style}
        className={row.isDragging ? className : undefined}
        data-dragging={row.isDragging || undefined}
      >
        {({ renderCell, columnId }) => <DataGridCell className={pinnedIf(columnId, pinned)}>{renderCell(item)}</DataGridCell>}
      </DataGridRow>
    </SortableHandleProvider>
  );
}

/** Rows that can be dragged into a new order get the drag area around them; others are left as they are. */
function InOrder<T>(props: { sortable: AdminListProps<T>['sortable']; visible: readonly T[]; getRowId: (item: T) => string; children: ReactNode }) {
  const { sortable, visible, getRowId } = props;
  if (!sortable) return <>{props.children}</>;
  return (
    <SortableArea
      ids={visible.map(getRowId)}
      nameOf={(id) => {
        const item = visible.find((i) => getRowId(i) === id);
        return item ? sortable.nameOf(item) : id;
      }}
      onMove={sortable.onMove}
      disabled={sortable.disabled}
    >
      {props.children}
    </SortableArea>
  );
}

/** Below 768 px: one card per row, the first column (or `cardTitle`) as its title, the others as label and value. */
function ListCards<T>({ list, visible }: { list: AdminListProps<T>; visible: readonly T[] }) {
  const s = useStyles();
  const { columns, getRowId, sortable } = list;
  const card = (item: T) => (
    <Card className={s.card}>
      <Text weight="semibold" className={s.title}>
        {list.cardTitle ? list.cardTitle(item) : columns[0].render(item)}
      </Text>
      {columns.slice(list.cardTitle ? 0 : 1).map((c) =>
        c.hideInCard ? null : (
          <div key={c.id} className={s.field}>
            <Text size={200} className={s.fieldLabel}>
              {c.label}
            </Text>
            <div>{c.render(item)}</div>
          </div>
        ),
      )}
    </Card>
  );
  return (
    <InOrder sortable={sortable} visible={visible} getRowId={getRowId}>
      <ul className={s.cards} aria-label={list.label}>
        {visible.map((item) =>
          sortable ? (
            <SortableListItem key={getRowId(item)} id={getRowId(item)} className={s.dragging}>
              {card(item)}
            </SortableListItem>
          ) : (
            <li key={getRowId(item)}>{card(item)}</li>
          ),
        )}
      </ul>
    </InOrder>
  );
}

/** Wide screens: a DataGrid with resizable columns, sortable headers unless the rows are dragged into order. */
function ListGrid<T>({ list, visible }: { list: AdminListProps<T>; visible: readonly T[] }) {
  const s = useStyles();
  const { columns, getRowId, sort, onSortChange, sortable } = list;
  const gridColumns = useMemo(
    () =>
      columns.map((c) =>
        createTableColumn<T>({
          columnId: c.id,
          // DataGrid treats a two-argument compare as sortable; (a, b) => 0 keeps the API's order.
          compare: c.compare ?? (c.serverSort ? (_a: T, _b: T) => 0 : undefined),
          renderHeaderCell: () => c.label,
          renderCell: c.render,
        }),
      ),
    [columns],
  );
  const sizing = useMemo<TableColumnSizingOptions>(
    () => Object.fromEntries(columns.filter((c) => c.minWidth).map((c) => [c.id, { minWidth: c.minWidth, idealWidth: c.minWidth }])),
    [columns],
  );
  return (
    <div className={s.scroll}>
      <InOrder sortable={sortable} visible={visible} getRowId={getRowId}>
        <DataGrid
          items={visible as T[]}
          columns={gridColumns}
          getRowId={getRowId}
          sortable={!!onSortChange && !sortable}
          sortState={sort ? { sortColumn: sort.column, sortDirection: sort.direction } : undefined}
          onSortChange={(_, d) => d.sortColumn && onSortChange?.({ column: String(d.sortColumn), direction: d.sortDirection })}
          resizableColumns
          columnSizingOptions={sizing}
          // The arrow keys move a picked-up row; the grid's own arrow navigation would take them too.
          focusMode={sortable ? 'none' : 'composite'}
          aria-label={list.label}
        >
          <DataGridHeader>
            <DataGridRow>
              {({ renderHeaderCell, columnId }) => <DataGridHeaderCell className={pinnedIf(columnId, s.pinned)}>{renderHeaderCell()}</DataGridHeaderCell>}
            </DataGridRow>
          </DataGridHeader>
          <DataGridBody<T>>
            {({ item, rowId }) =>
              sortable ? (
                <SortableGridRow key={rowId} id={String(rowId)} item={item} className={s.dragging} pinned={s.pinned} />
              ) : (
                <DataGridRow<T> key={rowId}>
                  {({ renderCell, columnId }) => <DataGridCell className={pinnedIf(columnId, s.pinned)}>{renderCell(item)}</DataGridCell>}
                </DataGridRow>
              )
            }
          </DataGridBody>
        </DataGrid>
      </InOrder>
    </div>
  );
}

export function AdminList<T>(props: AdminListProps<T>) {
  const { columns, sort, pageSize = 50, pages } = props;
  const items = props.pages ? props.pages.items : props.items;
  const s = useStyles();
  const narrow = useNarrow();
  const [shown, setShown] = useState(pageSize);
  // A new search or filter starts again at the first page.
  useEffect(() => setShown(pageSize), [items.length, pageSize]);

  // Client-side sort happens here (not in DataGrid) so that paging slices the sorted list.
  const sorted = useMemo(() => {
    const col = sort && columns.find((c) => c.id === sort.column)?.compare;
    if (!sort || !col || props.sortable) return items;
    const out = [...items].sort(col);
    return sort.direction === 'descending' ? out.reverse() : out;
  }, [items, columns, sort, props.sortable]);
  const clientPaged = !pages;
  // Dragging reorders the rows shown: a sortable list shows them all (set pageSize to its bound).
  const visible = clientPaged ? sorted.slice(0, shown) : sorted;

  if (props.failed) return <PageState text={props.failed} />;
  if (pages ? pages.loading : props.loading)
    return (
      <Skeleton aria-label={`Loading ${props.label.toLowerCase()}`}>
        {Array.from({ length: 4 }, (_, i) => (
          <SkeletonItem key={i} size={32} className={s.skeleton} />
        ))}
      </Skeleton>
    );
  if (!items.length) return typeof props.empty === 'string' ? <PageState text={props.empty} /> : <>{props.empty}</>;

  return (
    <>
      {narrow ? <ListCards list={props} visible={visible} /> : <ListGrid list={props} visible={visible} />}
      {(pages ? pages.hasMore : shown < sorted.length) && (
        <div className={s.more}>
          <Body1>{clientPaged ? `Showing ${visible.length} of ${sorted.length}` : `Showing ${visible.length}`}</Body1>
          <Button onClick={() => (pages ? pages.loadMore() : setShown((n) => n + pageSize))} disabled={pages?.loadingMore}>
            {pages?.loadingMore ? 'Loading...' : 'Show more'}
          </Button>
        </div>
      )}
    </>
  );
}
