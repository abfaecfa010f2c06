/**
 * Manage Levels: one list of levels per language (search, language and lock filters in the URL),
 * with add, edit, delete, move up/down, drag reordering (saved once per drop, with Undo) and the lock
 * switch (asks first, then Undo).
 */
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Skeleton, SkeletonItem, Subtitle2, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { byOrder } from '@shared/order';
import type { Level } from '@shared/contracts/levels';
import { deleteLevel, moveLevel, reorderLevels, setLevelLock, useLevels } from '../../api/levels';
import { useAdminLanguages } from '../../api/languages';
import { ButtonLink } from '../../components/ButtonLink';
import { PageState } from '../../components/PageState';
import { CourseGroups, useCourseGroupsStyles } from '../components/CourseGroups';
import { LanguageFilter, ListToolbar } from '../components/ListToolbar';
import { LockFilter, lockMatches } from '../components/LockConfirm';
import { inDraftOrder } from '../components/sortable';
import { matches, useListParams } from '../components/useListParams';
import { useCourseItemWrites } from '../components/useCourseItemWrites';
import { LevelDialog } from './LevelDialog';
import { levelKey, LevelTable } from './LevelTable';
import { AdminSection } from '../components/AdminSection';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  skeletonGroup: { height: '160px' },
});

const PARAMS = ['q', 'language', 'locked'] as const;

export default function ManageLevels() {
  const s = useStyles();
  const g = useCourseGroupsStyles();
  const languages = useAdminLanguages();
  const levels = useLevels();
  const [params, setParams] = useListParams(PARAMS);
  const [dialog, setDialog] = useState<{ open: boolean; level?: Level }>({ open: false });
  const loading = languages.isLoading || levels.isLoading;
  const noLanguages = !loading && !languages.error && !languages.data?.length;
  // Undo runs later: it reads the versions of the list as it is then, not as it was at the drop.
  const latest = useRef<Level[]>([]);
  latest.current = levels.data ?? [];

  const { actions, onDrop, draft, saving, dialogs } = useCourseItemWrites<Level>(
    {
      kind: 'level',
      keyOf: levelKey,
      lock: (l, isLocked) => setLevelLock(l.language_id, l.id, isLocked),
      move: (l, direction) => ({ work: () => moveLevel(l.language_id, l.id, direction), ok: 'Level order updated', failed: 'Failed to update level order' }),
      // A language's whole order, with the versions of the list shown now.
      reorder: (languageId, ids) => ({
        work: () => {
          const current = new Map(latest.current.filter((l) => l.language_id === languageId).map((l) => [l.id, l.version]));
          return reorderLevels({ language_id: languageId, levels: ids.flatMap((id) => (current.has(id) ? [{ id, version: current.get(id) ?? 0 }] : [])) });
        },
        ok: 'Level order updated',
        failed: 'Failed to update level order',
      }),
      remove: (l) => deleteLevel(l.language_id, l.id),
      trashRef: (l) => ({ kind: 'level', language_id: l.language_id, level_id: l.id }),
      deleteText: 'Are you sure you want to delete this level? This will also delete all associated lessons and phrases.',
    },
    (level) => setDialog({ open: true, level }),
  );

  // The view: the chosen language (or all), each with its levels in catalogue order, then filtered.
  const filtered = !!(params.q.trim() || params.locked);
  const all = levels.data ?? [];
  const groups = (languages.data ?? [])
    .filter((lang) => !params.language || lang.id === params.language)
    .map((lang) => {
      const list = inDraftOrder(all.filter((l) => l.language_id === lang.id).sort(byOrder), draft[lang.id]);
      const shown = list.filter((l) => lockMatches(params.locked, l.is_locked) && matches(params.q, l.title, l.id, l.cefr_label));
      return { lang, list, shown };
    })
    // A search shows only the languages where it found something.
    .filter((g) => !filtered || g.shown.length);
  const total = all.filter((l) => !params.language || l.language_id === params.language).length;
  const count = groups.reduce((n, g) => n + g.shown.length, 0);

  return (
    <AdminSection
      id="manage-levels"
      title="Manage Levels"
      actions={
        <Button appearance="primary" icon={<AddRegular />} disabled={loading || noLanguages} onClick={() => setDialog({ open: true })}>
          Add Level
        </Button>
      }
    >
      {loading ? (
        <Skeleton aria-label="Loading levels" className={g.groups}>
          {Array.from({ length: 2 }, (_, i) => (
            <SkeletonItem key={i} shape="rectangle" className={s.skeletonGroup} />
          ))}
        </Skeleton>
      ) : languages.error || levels.error ? (
        <PageState text="Levels could not be loaded. Please try again later." />
      ) : noLanguages ? (
        <MessageBar intent="warning">
          <MessageBarBody>You need to add languages first before creating levels</MessageBarBody>
          <MessageBarActions>
            <ButtonLink to="/admin/languages">Go to Languages</ButtonLink>
          </MessageBarActions>
        </MessageBar>
      ) : (
        <>
          <ListToolbar
            q={params.q}
            onSearch={(q) => setParams({ q })}
            placeholder="Search levels"
            count={filtered ? `Showing ${count} of ${total} levels` : `${total} ${total === 1 ? 'level' : 'levels'}`}
          >
            <LanguageFilter languages={languages.data} value={params.language} onChange={(language) => setParams({ language })} />
            <LockFilter value={params.locked} onChange={(locked) => setParams({ locked })} />
          </ListToolbar>
          <CourseGroups filtered={filtered} count={groups.length} noMatch="No levels match the search.">
            {groups.map(({ lang, list, shown }) => (
              <section key={lang.id} className={s.group} aria-labelledby={`levels-${lang.id}`}>
                <Subtitle2 as="h3" id={`levels-${lang.id}`}>
                  {lang.name}
                </Subtitle2>
                {list.length ? (
                  <LevelTable
                    levels={shown}
                    ends={{ first: list[0]?.id, last: list.at(-1)?.id }}
                    languageName={lang.name}
                    actions={actions}
                    reorder={{ disabled: filtered || saving(lang.id), onMove: (from, to) => void onDrop(lang.id, list, from, to) }}
                  />
                ) : (
                  <p className={g.empty}>No levels found for this language.</p>
                )}
              </section>
            ))}
          </CourseGroups>
        </>
      )}
      <LevelDialog open={dialog.open} level={dialog.level} languages={languages.data ?? []} onClose={() => setDialog({ open: false })} />
      {dialogs}
    </AdminSection>
  );
}
