/**
 * Course backup in Settings: 'Export Course' downloads the whole course, blog and settings as one
 * file; 'Import Course' checks a chosen file (in the browser, then a dry run on the server), shows
 * its problems with their place in the file or what it would change, and imports it once confirmed.
 */
import {
  Body1,
  Button,
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { BACKUP_KINDS, type ImportResult } from '@shared/contracts/backup';
import { checkImport, downloadExport, importCourse, readBackupFile } from '../../api/backup';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useNotify } from '../../components/notify';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    maxWidth: '860px',
    marginTop: tokens.spacingVerticalXXL,
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // A touch target on phones.
  button: { minHeight: '44px' },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: '320px', overflowY: 'auto', overflowWrap: 'anywhere' },
  path: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  // Columns as wide as their content, so five fit at 390 px.
  counts: { maxWidth: '520px', tableLayout: 'auto' },
  number: { textAlign: 'right' },
  numberHead: { '& > *': { justifyContent: 'flex-end' } },
});

const KIND_LABEL: Record<(typeof BACKUP_KINDS)[number], string> = {
  languages: 'Languages',
  levels: 'Levels',
  lessons: 'Lessons',
  phrases: 'Phrases',
  voices: 'Voices',
  pronunciations: 'Pronunciations',
  posts: 'Blog posts',
  settings: 'Settings',
};
const COLUMNS = ['create', 'update', 'delete', 'unchanged'] as const;

const total = (plan: ImportResult, what: (typeof COLUMNS)[number]) => BACKUP_KINDS.reduce((n, k) => n + plan.changes[k][what], 0);
const planText = (plan: ImportResult) =>
  `${total(plan, 'create')} items will be created, ${total(plan, 'update')} updated and ${total(plan, 'delete')} deleted; ${total(plan, 'unchanged')} stay as they are.`;
const doneText = (plan: ImportResult) => `${total(plan, 'create')} items created, ${total(plan, 'update')} updated and ${total(plan, 'delete')} deleted.`;

type Busy = 'export' | 'check' | 'import';
interface Checked {
  name: string;
  doc?: unknown;
  plan?: ImportResult;
  /** `path: message` of each problem the file has. */
  problems?: [string, string][];
}

/**
 * What the card does: export, pick and check a file, import it once confirmed. Kept apart from the
 * card so the card is what it shows.
 */
function useBackup() {
  const notify = useNotify();
  const [busy, setBusy] = useState<Busy>();
  const [checked, setChecked] = useState<Checked>();
  const [confirming, setConfirming] = useState(false);
  const [written, setWritten] = useState(0);

  async function onExport() {
    setBusy('export');
    try {
      notify('Course exported', { body: await downloadExport() });
    } catch (e) {
      notify('Failed to export course', { body: (e as Error).message, intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  /**
   * The browser's file chooser from an input made for this one choice: the screen keeps no file
   * input of its own (the settings tabs have theirs), and the same file can be chosen again after a fix.
   */
  function pick() {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.onchange = () => void (input.files?.[0] && onPick(input.files[0]));
    input.click();
  }

  async function onPick(file: File) {
    setBusy('check');
    setChecked(undefined);
    try {
      const read = await readBackupFile(file);
      if ('problem' in read) return setChecked({ name: file.name, problems: [['file', read.problem]] });
      const plan = await checkImport(read.doc);
      setChecked({ name: file.name, doc: read.doc, plan });
      if (plan.remaining > 0) setConfirming(true);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.fields) setChecked({ name: file.name, problems: Object.entries(err.fields) });
      else notify('Failed to check the file', { body: (err as Error).message, intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  }

  async function onImport() {
    if (!checked?.doc || !checked.plan) return;
    setBusy('import');
    setWritten(0);
    try {
      await importCourse(checked.doc, setWritten);
      notify('Course imported', { body: doneText(checked.plan) });
      setChecked(undefined);
    } catch (e) {
      notify('Failed to import course', { body: (e as Error).message, intent: 'error' });
    } finally {
      setBusy(undefined);
      setConfirming(false);
    }
  }

  return { busy, checked, confirming, setConfirming, written, onExport, pick, onImport };
}

/** A file that cannot be imported: each problem with its place in the file. */
function ImportProblems({ name, problems }: { name: string; problems: [string, string][] }) {
  const s = useStyles();
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>
          {name} cannot be imported ({problems.length === 1 ? '1 problem' : `${problems.length} problems`}); nothing was changed
        </MessageBarTitle>
        <ul className={s.problems} aria-label="Problems in the file">
          {problems.map(([path, message]) => (
            <li key={path}>
              <span className={s.path}>{path}</span>: {message}
            </li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}

/** What importing a checked file changes, kind by kind. */
function ImportPlan({ name, plan }: { name: string; plan: ImportResult }) {
  const s = useStyles();
  return (
    <>
      <Body1>What importing {name} changes:</Body1>
      <Table size="small" className={s.counts} aria-label={`What importing ${name} changes`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Items</TableHeaderCell>
            {COLUMNS.map((c) => (
              <TableHeaderCell key={c} className={s.numberHead}>
                {c[0].toUpperCase() + c.slice(1)}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {BACKUP_KINDS.map((k) => (
            <TableRow key={k}>
              <TableCell>{KIND_LABEL[k]}</TableCell>
              {COLUMNS.map((c) => (
                <TableCell key={c} className={s.number}>
                  {plan.changes[k][c]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

export function BackupCard() {
  const s = useStyles();
  const { busy, checked, confirming, setConfirming, written, onExport, pick, onImport } = useBackup();
  const problems = checked?.problems;
  const plan = checked?.plan;
  return (
    <Card className={s.card} aria-labelledby="backup-heading">
      <Subtitle2 as="h3" id="backup-heading">
        Course backup
      </Subtitle2>
      <Body1>
        Export Course downloads the whole course (languages, levels, lessons, phrases, voices and pronunciations), the blog and these settings as one JSON file.
        Import Course replaces all of them with such a file. Users and admin rights are not part of it, and media files are referred to by their URLs, not
        copied.
      </Body1>
      <div className={s.buttons}>
        <Button className={s.button} icon={<ArrowDownloadRegular />} disabled={!!busy} onClick={() => void onExport()}>
          {busy === 'export' ? 'Exporting...' : 'Export Course'}
        </Button>
        <Button className={s.button} icon={<ArrowUploadRegular />} disabled={!!busy} onClick={pick}>
          {busy === 'check' ? 'Checking...' : busy === 'import' ? 'Importing...' : 'Import Course'}
        </Button>
      </div>

      {problems && <ImportProblems name={checked.name} problems={problems} />}

      {plan && plan.remaining === 0 && (
        <MessageBar intent="success">
          <MessageBarBody>The site already holds exactly what {checked.name} holds: nothing to import.</MessageBarBody>
        </MessageBar>
      )}
      {plan && plan.remaining > 0 && <ImportPlan name={checked.name} plan={plan} />}
      {plan && plan.remaining > 0 && !confirming && (
        <div>
          <Button appearance="primary" className={s.button} disabled={!!busy} onClick={() => setConfirming(true)}>
            Import {checked.name}
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title="Import Course"
        text={`This replaces the whole course, the blog and the settings. ${plan ? planText(plan) : ''}${busy === 'import' && written ? ` ${written} changes made so far...` : ''}`}
        confirmLabel="Import"
        busyLabel="Importing..."
        busy={busy === 'import'}
        onConfirm={() => void onImport()}
        onCancel={() => busy !== 'import' && setConfirming(false)}
      />
    </Card>
  );
}
