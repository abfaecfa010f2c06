/** A phrase with its translation hidden until the visitor asks for it (each row toggles on its own). */
import { Body1, Button, makeStyles, Text, tokens, useId } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Phrase } from '@shared/contracts/phrases';
import { usePhraseExtra } from './learnerSlot';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    ':last-child': { borderBottom: 'none' },
  },
  texts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  original: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold, lineHeight: tokens.lineHeightBase400 },
  translation: { color: tokens.colorNeutralForeground2 },
  actions: { flexShrink: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

/** `lang`: the course language's tag on the original text; translations are English. */
export function PhraseRow({ phrase, lang }: { phrase: Phrase; lang?: string }) {
  const s = useStyles();
  const [open, setOpen] = useState(false);
  const id = useId('translation');
  const Extra = usePhraseExtra();
  return (
    <li className={s.row} data-testid="phrase">
      <div className={s.texts}>
        <Text className={s.original} lang={lang}>
          {phrase.original_text}
        </Text>
        {open && (
          <Body1 id={id} className={s.translation} data-testid="translation" lang="en">
            {phrase.translated_text}
          </Body1>
        )}
      </div>
      <div className={s.actions}>
        {/* eslint-disable-next-line react-hooks/static-components -- Extra is a component exported by a module and handed down by context: the same one every render, not made during it. */}
        {Extra && <Extra phrase={phrase} />}
        <Button
          appearance="subtle"
          size="small"
          icon={open ? <EyeOffRegular /> : <EyeRegular />}
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide translation' : 'Show translation'}
        </Button>
      </div>
    </li>
  );
}
