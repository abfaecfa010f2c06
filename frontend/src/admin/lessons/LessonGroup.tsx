/**
 * The lessons of one level, headed 'language - level title'. The order can be changed by dragging a
 * card (native HTML5 drag and drop) or, from the keyboard, with Arrow Up / Arrow Down on a card's
 * reorder handle; 'Save Order' appears once the order differs from the saved one and sends it in one call.
 */
import { Button, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { ArrowResetRegular, SaveRegular } from '@fluentui/react-icons';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Lesson } from '@shared/types';
import { LessonCard, type LessonActions } from './LessonCard';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', minHeight: '32px' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
});

/** The draft order applied to the current lessons: gone ones dropped, new ones appended. */
function ordered(lessons: Lesson[], draft: string[] | undefined) {
  if (!draft) return lessons;
  const byId = new Map(lessons.map((l) => [l.id, l]));
  const out = draft.flatMap((id) => byId.get(id) ?? []);
  return [...out, ...lessons.filter((l) => !draft.includes(l.id))];
}

export function LessonGroup(props: { id: string; title: string; lessons: Lesson[]; actions: LessonActions; onSaveOrder(ids: string[]): Promise<boolean> }) {
  const s = useStyles();
  const [draft, setDraft] = useState<string[]>();
  const [dragging, setDragging] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const refocus = useRef<string>(undefined);
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const shown = ordered(props.lessons, draft);
  const dirty = shown.some((l, i) => l.id !== props.lessons[i]?.id);
  const instructionsId = `${props.id}-reorder-help`;

  // Moving a card re-inserts its DOM node, which drops focus: put it back on the moved handle.
  useLayoutEffect(() => {
    if (!refocus.current) return;
    handles.current.get(refocus.current)?.focus();
    refocus.current = undefined;
  });

  function moveTo(id: string, index: number) {
    const ids = shown.map((l) => l.id).filter((x) => x !== id);
    ids.splice(Math.max(0, Math.min(index, ids.length)), 0, id);
    setDraft(ids);
    return ids;
  }

  function onHandleKey(l: Lesson, e: KeyboardEvent) {
    const from = shown.findIndex((x) => x.id === l.id);
    const to = e.key === 'ArrowUp' ? from - 1 : e.key === 'ArrowDown' ? from + 1 : e.key === 'Home' ? 0 : e.key === 'End' ? shown.length - 1 : -2;
    if (to === -2) return;
    e.preventDefault();
    if (to < 0 || to >= shown.length || to === from) return;
    moveTo(l.id, to);
    refocus.current = l.id;
    setAnnouncement(`${l.title} moved to position ${to + 1} of ${shown.length}. Press Save Order to keep it.`);
  }

  async function save() {
    setSaving(true);
    const ok = await props.onSaveOrder(shown.map((l) => l.id));
    setSaving(false);
    if (ok) setDraft(undefined);
  }

  return (
    <section aria-labelledby={`${props.id}-title`}>
      <div className={s.head}>
        <Subtitle2 as="h3" id={`${props.id}-title`}>
          {props.title}
        </Subtitle2>
        {dirty && (
          <div className={s.buttons}>
            <Button icon={<ArrowResetRegular />} disabled={saving} onClick={() => setDraft(undefined)}>
              Reset
            </Button>
            <Button appearance="primary" icon={<SaveRegular />} disabled={saving} onClick={save}>
              {saving ? 'Saving...' : 'Save Order'}
            </Button>
          </div>
        )}
      </div>
      <p id={instructionsId} className={s.hidden}>
        Press Arrow Up or Arrow Down to move this lesson, then Save Order.
      </p>
      <div className={s.hidden} aria-live="polite">
        {announcement}
      </div>
      <ul className={s.list} aria-label={`Lessons of ${props.title}`}>
        {shown.map((l, i) => (
          <li
            key={l.id}
            draggable
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', l.id);
              setDragging(l.id);
            }}
            onDragOver={(e) => {
              if (!dragging) return; // something else dragged over the list
              e.preventDefault();
              if (dragging !== l.id) moveTo(dragging, i);
            }}
            onDrop={(e) => e.preventDefault()}
            onDragEnd={() => setDragging(undefined)}
          >
            <LessonCard
              lesson={l}
              first={i === 0}
              last={i === shown.length - 1}
              reordering={dirty}
              dragging={dragging === l.id}
              actions={props.actions}
              instructionsId={instructionsId}
              handleRef={(el) => {
                if (el) handles.current.set(l.id, el);
                else handles.current.delete(l.id);
              }}
              onHandleKey={(e) => onHandleKey(l, e)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
