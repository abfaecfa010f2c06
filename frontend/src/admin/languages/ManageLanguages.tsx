/** Manage Languages: grid of language cards (flag, name, id) with a search (in the URL), Add, Edit and Delete (with Undo). */
import { useAuth } from '../../auth/AuthContext';
import { Button, Caption1, Card, CardHeader, makeStyles, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Language } from '@shared/contracts/languages';
import { ListToolbar } from '../components/ListToolbar';
import { matches, useListParams } from '../components/useListParams';
import { deleteLanguage, useAdminLanguages } from '../../api/languages';
import { PageState } from '../../components/PageState';
import { PublishingBadges, PublishingMenu } from '../publishing/PublishingMenu';
import { LanguageDialog } from './LanguageDialog';
import { AdminSection } from '../components/AdminSection';
import { useTrashDelete } from '../components/useTrashDelete';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    listStyleType: 'none',
    padding: 0,
    margin: 0,
  },
  flag: { width: '48px', height: '32px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall, border: `1px solid ${tokens.colorNeutralStroke2}` },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
  skeletonCard: { height: '120px' },
});

const PARAMS = ['q'] as const;

export default function ManageLanguages() {
  const s = useStyles();
  const { data, isLoading, error } = useAdminLanguages();
  const [dialog, setDialog] = useState<{ open: boolean; language?: Language }>({ open: false });
  const [params, setParams] = useListParams(PARAMS);
  // Adding and deleting whole languages is an administrator's; an editor edits the languages they were given.
  const isAdmin = useAuth().role.role === 'admin';
  const shown = (data ?? []).filter((l) => matches(params.q, l.name, l.id));

  const deletion = useTrashDelete<Language>({
    title: (l) => `Delete ${l?.name ?? 'language'}?`,
    text: 'Are you sure you want to delete this language? This will also delete all associated levels, lessons, and phrases.',
    remove: (l) => ({ work: () => deleteLanguage(l.id), ok: 'Language deleted successfully', failed: 'Failed to delete language' }),
    trashRef: (l) => ({ kind: 'language', language_id: l.id }),
    restored: (l) => `Restored language "${l.name}"`,
    restoreFailed: 'Failed to restore language',
  });

  return (
    <AdminSection
      id="manage-languages"
      title="Manage Languages"
      actions={
        isAdmin && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ open: true })}>
            Add Language
          </Button>
        )
      }
    >
      {isLoading ? (
        <Skeleton aria-label="Loading languages" className={s.grid}>
          {Array.from({ length: 3 }, (_, i) => (
            <SkeletonItem key={i} shape="rectangle" className={s.skeletonCard} />
          ))}
        </Skeleton>
      ) : error ? (
        <PageState text="Languages could not be loaded. Please try again later." />
      ) : !data?.length ? (
        <PageState text="No languages found. Add your first language to get started." />
      ) : (
        <>
          <ListToolbar
            q={params.q}
            onSearch={(q) => setParams({ q })}
            placeholder="Search languages"
            count={
              shown.length === data.length
                ? `${data.length} ${data.length === 1 ? 'language' : 'languages'}`
                : `Showing ${shown.length} of ${data.length} languages`
            }
          />
          {!shown.length ? (
            <PageState text="No languages match the search." />
          ) : (
            <ul className={s.grid} aria-label="Languages">
              {shown.map((l) => (
                <li key={l.id}>
                  <Card aria-label={l.name}>
                    <CardHeader
                      image={<img src={l.flag_url} alt="" className={s.flag} />}
                      header={<Text weight="semibold">{l.name}</Text>}
                      description={
                        <Caption1>
                          {l.id} <PublishingBadges item={{ kind: 'language', language_id: l.id }} isDraft={!!l.is_draft} />
                        </Caption1>
                      }
                    />
                    <div className={s.actions}>
                      <PublishingMenu item={{ kind: 'language', language_id: l.id }} label={l.name} isDraft={!!l.is_draft} />
                      <Button icon={<EditRegular />} aria-label={`Edit ${l.name}`} onClick={() => setDialog({ open: true, language: l })}>
                        Edit
                      </Button>
                      {isAdmin && (
                        <Button icon={<DeleteRegular />} aria-label={`Delete ${l.name}`} onClick={() => deletion.ask(l)}>
                          Delete
                        </Button>
                      )}
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <LanguageDialog open={dialog.open} language={dialog.language} onClose={() => setDialog({ open: false })} />
      {deletion.dialog}
    </AdminSection>
  );
}
