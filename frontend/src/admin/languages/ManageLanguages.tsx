/** Manage Languages: grid of language cards (flag, name, id) with Add, Edit and Delete. */
import { Button, Caption1, Card, CardHeader, makeStyles, Skeleton, SkeletonItem, Subtitle1, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Language } from '@shared/types';
import { failureBody } from '../components/failure';
import { deleteLanguage, useLanguages } from '../../api/languages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotify } from '../../components/notify';
import { PageState } from '../../components/PageState';
import { LanguageDialog } from './LanguageDialog';

const useStyles = makeStyles({
  bar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: tokens.spacingVerticalL, gap: tokens.spacingHorizontalM },
  grid: { display: 'grid', gap: tokens.spacingHorizontalL, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', listStyleType: 'none', padding: 0, margin: 0 },
  flag: { width: '48px', height: '32px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall, border: `1px solid ${tokens.colorNeutralStroke2}` },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

export default function ManageLanguages() {
  const s = useStyles();
  const notify = useNotify();
  const { data, isLoading, error } = useLanguages();
  const [dialog, setDialog] = useState<{ open: boolean; language?: Language }>({ open: false });
  const [toDelete, setToDelete] = useState<Language>();
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteLanguage(toDelete.id);
      notify('Language deleted successfully');
    } catch (e) {
      notify('Failed to delete language', { body: failureBody(e), intent: 'error' });
    } finally {
      setDeleting(false);
      setToDelete(undefined);
    }
  }

  return (
    <section aria-labelledby="manage-languages">
      <div className={s.bar}>
        <Subtitle1 as="h2" id="manage-languages">
          Manage Languages
        </Subtitle1>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ open: true })}>
          Add Language
        </Button>
      </div>
      {isLoading ? (
        <Skeleton aria-label="Loading languages" className={s.grid}>
          {Array.from({ length: 3 }, (_, i) => (
            <SkeletonItem key={i} shape="rectangle" style={{ height: 120 }} />
          ))}
        </Skeleton>
      ) : error ? (
        <PageState text="Languages could not be loaded. Please try again later." />
      ) : !data?.length ? (
        <PageState text="No languages found. Add your first language to get started." />
      ) : (
        <ul className={s.grid} aria-label="Languages">
          {data.map((l) => (
            <li key={l.id}>
              <Card aria-label={l.name}>
                <CardHeader
                  image={<img src={l.flag_url} alt="" className={s.flag} />}
                  header={<Text weight="semibold">{l.name}</Text>}
                  description={<Caption1>{l.id}</Caption1>}
                />
                <div className={s.actions}>
                  <Button icon={<EditRegular />} aria-label={`Edit ${l.name}`} onClick={() => setDialog({ open: true, language: l })}>
                    Edit
                  </Button>
                  <Button icon={<DeleteRegular />} aria-label={`Delete ${l.name}`} onClick={() => setToDelete(l)}>
                    Delete
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <LanguageDialog open={dialog.open} language={dialog.language} onClose={() => setDialog({ open: false })} />
      <ConfirmDialog
        open={!!toDelete}
        title={`Delete ${toDelete?.name ?? 'language'}?`}
        text="Are you sure you want to delete this language? This will also delete all associated levels, lessons, and phrases."
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(undefined)}
      />
    </section>
  );
}
