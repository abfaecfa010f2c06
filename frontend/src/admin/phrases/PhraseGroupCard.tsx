/** One audio group of a lesson: the admin player, an Edit button, and phrase rows that expand to show their translation. */
import { Button, Caption1, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular, EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Phrase } from '@shared/contracts/phrases';
import { AdminAudioPlayer } from '../components/AdminAudioPlayer';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  player: { flex: '1 1 260px', minWidth: 0 },
  noAudio: { flex: '1 1 260px', color: tokens.colorNeutralForeground3 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  toggle: { width: '100%', justifyContent: 'flex-start', textAlign: 'left', fontWeight: tokens.fontWeightRegular, minWidth: 0 },
  translation: { display: 'block', padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalS} 36px`, color: tokens.colorNeutralForeground2 },
});

export function PhraseGroupCard({ audioUrl, phrases, name, onEdit }: { audioUrl: string; phrases: Phrase[]; name: string; onEdit: () => void }) {
  const s = useStyles();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Card className={s.card} aria-label={name}>
      <div className={s.head}>
        <div className={s.player}>
          {audioUrl ? <AdminAudioPlayer url={audioUrl} label={name} /> : <Caption1 className={s.noAudio}>No audio: hidden on the public lesson page</Caption1>}
        </div>
        <Button icon={<EditRegular />} onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      </div>
      <ul className={s.list}>
        {phrases.map((p) => {
          // Keyed by version too: an edited phrase starts collapsed again.
          const shown = open.has(`${p.id}@${p.version}`);
          return (
            <li key={p.id}>
              <Button
                appearance="subtle"
                className={s.toggle}
                icon={shown ? <ChevronDownRegular /> : <ChevronRightRegular />}
                aria-expanded={shown}
                aria-controls={shown ? `tr-${p.id}` : undefined}
                onClick={() => toggle(`${p.id}@${p.version}`)}
              >
                {p.original_text}
              </Button>
              {shown && (
                <Text id={`tr-${p.id}`} className={s.translation}>
                  {p.translated_text}
                </Text>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
