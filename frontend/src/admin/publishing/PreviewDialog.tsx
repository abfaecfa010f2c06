/**
 * A preview link, made on request: the page as it will look when published, at a private URL that
 * works for a week and that the admin may share with a reviewer. Opened from the dialog (a new tab
 * opened after an await would be taken for a pop-up).
 */
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Input, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { CopyRegular, OpenRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { DialogFooter } from '../../components/DialogFooter';
import type { ItemRef, Preview } from '@shared/contracts/publishing';
import { createPreview } from '../../api/publishing';
import { useNotify } from '../../components/notify';
import { failureBody } from '../components/failure';
import { formatReleaseTime } from './time';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  link: { width: '100%' },
});

export function PreviewDialog(props: { item: ItemRef | undefined; label: string; onClose: () => void }) {
  const { item, onClose } = props;
  const s = useStyles();
  const notify = useNotify();
  const [preview, setPreview] = useState<Preview>();

  useEffect(() => {
    setPreview(undefined);
    if (!item) return;
    let live = true;
    createPreview(item).then(
      (p) => live && setPreview(p),
      (e: unknown) => {
        notify('Failed to make a preview', { body: failureBody(e), intent: 'error' });
        onClose();
      },
    );
    return () => {
      live = false;
    };
  }, [item, notify, onClose]);

  const url = preview ? new URL(preview.url, window.location.origin).href : '';
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => notify('Preview link copied'),
      () => notify('Could not copy the link', { body: 'Select the link and copy it.', intent: 'error' }),
    );

  return (
    <Dialog open={!!item} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Preview {props.label}</DialogTitle>
          <DialogContent className={s.body}>
            {preview ? (
              <>
                <p>
                  The page as it will look when published. Anyone with this link can see it until {formatReleaseTime(preview.expires_at)}; search engines never
                  do.
                </p>
                <Input className={s.link} readOnly value={url} aria-label="Preview link" onFocus={(e) => e.target.select()} />
              </>
            ) : (
              <Spinner label="Making a preview link..." />
            )}
          </DialogContent>
          <DialogFooter onClose={onClose}>
            <Button icon={<CopyRegular />} disabled={!preview} onClick={() => void copy()}>
              Copy link
            </Button>
            <Button as="a" appearance="primary" icon={<OpenRegular />} disabled={!preview} href={url || undefined} target="_blank" rel="noreferrer">
              Open preview
            </Button>
          </DialogFooter>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
