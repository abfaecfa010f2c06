/**
 * Reordering in the admin lists (levels, lessons) with dnd-kit, for every kind of input: a mouse or
 * pen drags the handle; a finger presses and holds it first (so a swipe that starts on it still
 * scrolls the page); the keyboard picks it up with Space or Enter, moves with the arrow keys, drops
 * with Space or Enter and cancels with Escape. Screen readers hear each step in the product's words.
 * The list gets one `onMove(from, to)` per drop and saves it (see docs/back-office.md).
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, makeStyles, Tooltip } from '@fluentui/react-components';
import { ReOrderDotsVerticalRegular } from '@fluentui/react-icons';
import { createContext, useContext, useMemo, type CSSProperties, type PointerEvent, type ReactNode } from 'react';

/** Mouse and pen only: touch goes to the TouchSensor, which waits for a press and hold. */
class MousePenSensor extends PointerSensor {
  static activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: e }: PointerEvent) => e.isPrimary && e.button === 0 && e.pointerType !== 'touch',
    },
  ];
}

/** How long a finger rests on the handle before the item lifts, and how far it may wander meanwhile. */
export const TOUCH_HOLD_MS = 200;

function useReorderSensors() {
  return useSensors(
    // A few pixels of movement first, so a click on the handle is not a drag.
    useSensor(MousePenSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_HOLD_MS, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** Lists reorder up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export const REORDER_INSTRUCTIONS =
  'To reorder, press Space or Enter on the handle, move with the Up and Down Arrow keys, then press Space or Enter to drop, or Escape to cancel. With a mouse, drag the handle; on a touch screen, press and hold it, then drag.';

/** What a screen reader hears while an item moves, e.g. "Greetings is now in position 2 of 5." */
function announcements(ids: string[], nameOf: (id: string) => string): Announcements {
  const total = ids.length;
  const pos = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  // dnd-kit reports the item over its own place right after the pick-up: that is no move to announce.
  let lastOver: UniqueIdentifier | undefined;
  return {
    onDragStart: ({ active }) => {
      lastOver = active.id;
      return `Picked up ${nameOf(String(active.id))}. It is in position ${pos(active.id)} of ${total}.`;
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === lastOver) return undefined;
      lastOver = over?.id;
      return over ? `${nameOf(String(active.id))} is now in position ${pos(over.id)} of ${total}.` : `${nameOf(String(active.id))} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      !over || over.id === active.id
        ? `${nameOf(String(active.id))} was dropped in its place. The order did not change.`
        : `${nameOf(String(active.id))} was dropped in position ${pos(over.id)} of ${total}. Saving the new order.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${nameOf(String(active.id))} is back in position ${pos(active.id)} of ${total}.`,
  };
}

/**
 * A sortable list: its items (by id, in the order shown) and what happens on a drop. Items inside
 * render through useSortableItem and put a <DragHandle> where the handle goes.
 */
export function SortableArea(props: {
  ids: string[];
  nameOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  /** No dragging (e.g. the list is filtered or a save is running); the handles are disabled. */
  disabled?: boolean;
  children: ReactNode;
}) {
  const { ids, nameOf, onMove } = props;
  const sensors = useReorderSensors();
  const accessibility = useMemo(
    () => ({ announcements: announcements(ids, nameOf), screenReaderInstructions: { draggable: REORDER_INSTRUCTIONS } }),
    [ids, nameOf],
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      accessibility={accessibility}
      onDragEnd={({ active, over }) => {
        const from = ids.indexOf(String(active.id));
        const to = over ? ids.indexOf(String(over.id)) : -1;
        if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={props.disabled}>
        {props.children}
      </SortableContext>
    </DndContext>
  );
}

interface HandleBinding {
  ref: (el: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  disabled: boolean;
}
const HandleContext = createContext<HandleBinding | null>(null);

/**
 * One item of a SortableArea: `ref` and `style` go on the element that moves (a grid row, a card's
 * list item), `Provider` around its content so its <DragHandle> drives it. The style is the live
 * drag offset, which only an inline transform can carry.
 */
export function useSortableItem(id: string) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  // A disabled SortableContext marks every item aria-disabled (and gives it no listeners).
  const handle = useMemo<HandleBinding>(
    () => ({ ref: setActivatorNodeRef, attributes, listeners, disabled: attributes['aria-disabled'] }),
    [setActivatorNodeRef, attributes, listeners],
  );
  return { ref: setNodeRef, style, isDragging, handle };
}
export const SortableHandleProvider = HandleContext.Provider;

const useStyles = makeStyles({
  // The browser may still pan from the handle until the hold completes (the TouchSensor decides).
  handle: { cursor: 'grab', touchAction: 'manipulation', flexShrink: 0, ':active': { cursor: 'grabbing' } },
});

/** The drag handle of the item around it ("Reorder Greetings"); nothing outside a sortable item. */
export function DragHandle({ label }: { label: string }) {
  const s = useStyles();
  const h = useContext(HandleContext);
  if (!h) return null;
  // The native button already has its role and tab stop; dnd-kit adds the description and pressed state.
  // Disabled but focusable: a handle disabled while its drop is saved keeps the keyboard focus.
  const { role: _role, tabIndex: _tab, 'aria-disabled': _disabled, ...aria } = h.attributes;
  return (
    <Tooltip content={label} relationship="label" withArrow>
      <Button
        ref={h.ref}
        appearance="subtle"
        icon={<ReOrderDotsVerticalRegular />}
        className={s.handle}
        disabledFocusable={h.disabled}
        data-drag-handle
        {...aria}
        {...h.listeners}
      />
    </Tooltip>
  );
}

/**
 * Items in a draft order (the ids of a drop not yet saved), so the list shows the drop at once:
 * items gone meanwhile are skipped, new ones follow at the end.
 */
export function inDraftOrder<T extends { id: string }>(items: T[], draft: string[] | undefined): T[] {
  if (!draft) return items;
  const byId = new Map(items.map((i) => [i.id, i]));
  const placed = new Set(draft);
  return [...draft.flatMap((id) => byId.get(id) ?? []), ...items.filter((i) => !placed.has(i.id))];
}

/** A sortable `<li>` (a card list's item); `children` may take "is being dragged" to style the card. */
export function SortableListItem({ id, className, children }: { id: string; className?: string; children: ReactNode | ((dragging: boolean) => ReactNode) }) {
  const item = useSortableItem(id);
  return (
    <li ref={item.ref} style={item.style} className={item.isDragging ? className : undefined} data-dragging={item.isDragging || undefined}>
      <SortableHandleProvider value={item.handle}>{typeof children === 'function' ? children(item.isDragging) : children}</SortableHandleProvider>
    </li>
  );
}
