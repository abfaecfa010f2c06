/**
 * Pronunciations (docs/back-office.md "Pronunciations"): per language, words or names and how to
 * say them (other words, or IPA), saved as one Polly lexicon that every synthesis of the language
 * uses; Polly's limits stated, with a warning near them; 'Listen' says any text as it will sound.
 */
import { Body1, Button, Caption1, Field, Input, makeStyles, MessageBar, MessageBarBody, Select, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, SaveRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { LANGUAGE_MISSING } from '@shared/contracts/languages';
import type { Lexicon } from '@shared/contracts/speech';
import { LEXICON_LIMITS, lexiconChars, NEAR_LIMIT, type Pronunciation } from '@shared/pronunciations';
import { isNotFound } from '../../api/client';
import { previewSpeech, savePronunciations, usePronunciations } from '../../api/speech';
import { useNotify } from '../../components/notify';
import { PageState } from '../../components/PageState';
import { AdminSection } from '../components/AdminSection';
import { failureBody } from '../components/failure';
import { LanguagePicker, useChosenLanguage } from '../components/LanguagePicker';
import { useListen } from './listen';
import { RegenerateBar } from './RegenerateBar';

const useStyles = makeStyles({
  rows: { listStyleType: 'none', padding: 0, margin: `0 0 ${tokens.spacingVerticalM}`, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  word: { flex: '1 1 160px', minWidth: 0 },
  how: { flex: '0 0 120px' },
  say: { flex: '2 1 200px', minWidth: 0 },
  remove: { marginTop: '26px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalL },
  limits: { display: 'block', color: tokens.colorNeutralForeground2, marginBottom: tokens.spacingVerticalM },
  listen: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap', marginTop: tokens.spacingVerticalL },
  text: { flex: '1 1 260px', minWidth: 0 },
});

export default function PronunciationsScreen() {
  const language = useChosenLanguage();
  const lexicon = usePronunciations(language.chosen?.id);
  return (
    <AdminSection id="pronunciations" title="Pronunciations" intro="How text-to-speech says a language's words and names.">
      {language.languages.isLoading ? (
        <PageState text="Loading..." />
      ) : !language.list.length ? (
        <PageState text="Add languages first before listing their pronunciations." action={{ label: 'Go to Languages', to: '/admin/languages' }} />
      ) : (
        <>
          <LanguagePicker list={language.list} chosen={language.chosen} choose={language.choose} />
          {language.unknown || (lexicon.error && isNotFound(lexicon.error)) ? (
            <PageState text={LANGUAGE_MISSING} />
          ) : lexicon.error ? (
            <PageState text="Pronunciations could not be loaded. Please try again later." />
          ) : !lexicon.data || lexicon.data.language_id !== language.chosen?.id ? (
            <PageState text="Loading..." />
          ) : (
            <>
              <LexiconForm
                key={`${lexicon.data.language_id}:${lexicon.data.version}`}
                lexicon={lexicon.data}
                onSaved={(l) => void lexicon.mutate(l, false)}
                reread={() => void lexicon.mutate()}
              />
              <TryPhrase key={lexicon.data.language_id} languageId={lexicon.data.language_id} />
            </>
          )}
        </>
      )}
    </AdminSection>
  );
}

function LexiconForm({ lexicon, onSaved, reread }: { lexicon: Lexicon; onSaved: (l: Lexicon) => void; reread: () => void }) {
  const s = useStyles();
  const notify = useNotify();
  const [rows, setRows] = useState<Pronunciation[]>(lexicon.entries);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const chars = lexiconChars(rows.filter((r) => r.word.trim() && r.say.trim()));
  const near = chars >= LEXICON_LIMITS.chars * NEAR_LIMIT;
  const set = (i: number, patch: Partial<Pronunciation>) => setRows(rows.map((r, n) => (n === i ? { ...r, ...patch } : r)));

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      const saved = await savePronunciations(lexicon.language_id, { entries: rows, version: lexicon.version });
      notify('Pronunciations saved: new audio uses them');
      onSaved(saved);
    } catch (e) {
      setErrors((e as { fields?: Record<string, string> }).fields ?? {});
      notify('Failed to save the pronunciations', { body: failureBody(e), intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Caption1 className={s.limits}>
        Polly limits: {LEXICON_LIMITS.chars.toLocaleString('en-US')} characters per language ({chars.toLocaleString('en-US')} used), {LEXICON_LIMITS.perAccount}{' '}
        lexicons per account (one per voice locale of each language), {LEXICON_LIMITS.perRequest} per request.
      </Caption1>
      {near && (
        <MessageBar intent={chars > LEXICON_LIMITS.chars ? 'error' : 'warning'}>
          <MessageBarBody>
            {chars.toLocaleString('en-US')} of {LEXICON_LIMITS.chars.toLocaleString('en-US')} characters: Polly takes no more in one lexicon.
          </MessageBarBody>
        </MessageBar>
      )}
      {errors.entries && (
        <MessageBar intent="error">
          <MessageBarBody>{errors.entries}</MessageBarBody>
        </MessageBar>
      )}
      {!rows.length && <Body1 as="p">No pronunciations yet: every word is said as the voice reads it.</Body1>}
      <ul className={s.rows} aria-label="Pronunciations">
        {rows.map((r, i) => (
          <li key={i} className={s.row}>
            <Field className={s.word} label="Word or name" validationMessage={errors[`entries.${i}.word`]}>
              <Input value={r.word} onChange={(_, d) => set(i, { word: d.value })} />
            </Field>
            <Field className={s.how} label="How">
              <Select value={r.kind} onChange={(_, d) => set(i, { kind: d.value as Pronunciation['kind'] })}>
                <option value="alias">Say as</option>
                <option value="ipa">IPA</option>
              </Select>
            </Field>
            <Field className={s.say} label={r.kind === 'ipa' ? 'IPA' : 'Say as'} validationMessage={errors[`entries.${i}.say`]}>
              <Input value={r.say} onChange={(_, d) => set(i, { say: d.value })} />
            </Field>
            <Button
              className={s.remove}
              icon={<DeleteRegular />}
              aria-label={`Remove ${r.word || 'row'}`}
              onClick={() => setRows(rows.filter((_, n) => n !== i))}
            />
          </li>
        ))}
      </ul>
      <div className={s.actions}>
        <Button icon={<AddRegular />} onClick={() => setRows([...rows, { word: '', kind: 'alias', say: '' }])}>
          Add pronunciation
        </Button>
        <Button appearance="primary" icon={<SaveRegular />} disabled={busy} onClick={() => void save()}>
          {busy ? 'Saving...' : 'Save pronunciations'}
        </Button>
      </div>
      <RegenerateBar languageId={lexicon.language_id} stale={lexicon.stale} onDone={reread} />
    </>
  );
}

/** 'Listen': any text as it will sound, before a phrase is saved (kept across saves of the list). */
function TryPhrase({ languageId }: { languageId: string }) {
  const s = useStyles();
  const listen = useListen(languageId);
  const [text, setText] = useState('');
  return (
    <div className={s.listen}>
      <Field className={s.text} label="Try a phrase" hint="Listen says it with the saved voice and pronunciations.">
        <Input value={text} onChange={(_, d) => setText(d.value)} />
      </Field>
      <Button disabled={!text.trim() || listen.busy === 'preview'} onClick={() => void listen.play('preview', () => previewSpeech(languageId, text))}>
        Listen
      </Button>
    </div>
  );
}
