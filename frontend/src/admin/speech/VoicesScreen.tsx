/**
 * Voices (docs/back-office.md "Voices"): per language, voice A (every new audio) and voice B (a
 * dialogue group's second voice) from the Polly voices of the language, each with a 'Listen'
 * sample. Saving changes new audio only; the generated files the voices would now make differently
 * are counted first and regenerated only when the admin confirms.
 */
import { Badge, Body1, Button, Field, makeStyles, Radio, RadioGroup, Select, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { LANGUAGE_MISSING } from '@shared/contracts/languages';
import type { SpeechSettings } from '@shared/contracts/speech';
import { isNotFound } from '../../api/client';
import { saveSpeech, useSpeech } from '../../api/speech';
import { useNotify } from '../../components/notify';
import { PageState } from '../../components/PageState';
import { AdminSection } from '../components/AdminSection';
import { failureBody } from '../components/failure';
import { LanguagePicker, useChosenLanguage } from '../components/LanguagePicker';
import { ListenButton, useListen } from './listen';
import { RegenerateBar } from './RegenerateBar';

const useStyles = makeStyles({
  voices: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalL },
  // One row per voice: its name, its engine, its Listen (a 44 px target), at any width.
  voice: {
    display: 'grid',
    // Fixed engine and Listen columns, so the rows line up.
    gridTemplateColumns: 'minmax(0, 1fr) 84px 104px',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '44px',
    maxWidth: '520px',
  },
  engine: { justifySelf: 'start' },
  radio: { minWidth: 0 },
  listen: { minHeight: '44px' },
  save: { display: 'block', marginBottom: tokens.spacingVerticalL },
  voiceB: { maxWidth: '320px', marginBottom: tokens.spacingVerticalL },
  below: { color: tokens.colorNeutralForeground2 },
});

export default function VoicesScreen() {
  const language = useChosenLanguage();
  const speech = useSpeech(language.chosen?.id);
  return (
    <AdminSection id="voices" title="Voices" intro="The voices text-to-speech uses for a language's new audio.">
      {language.languages.isLoading ? (
        <PageState text="Loading..." />
      ) : !language.list.length ? (
        <PageState text="Add languages first before choosing their voices." action={{ label: 'Go to Languages', to: '/admin/languages' }} />
      ) : (
        <>
          <LanguagePicker list={language.list} chosen={language.chosen} choose={language.choose} />
          {language.unknown || (speech.error && isNotFound(speech.error)) ? (
            <PageState text={LANGUAGE_MISSING} />
          ) : speech.error ? (
            <PageState text="Voices could not be loaded. Please try again later." />
          ) : !speech.data || speech.data.language_id !== language.chosen?.id ? (
            <PageState text="Loading..." />
          ) : (
            <VoicesForm
              key={`${speech.data.language_id}:${speech.data.version}`}
              settings={speech.data}
              onSaved={(s) => void speech.mutate(s, false)}
              reread={() => void speech.mutate()}
            />
          )}
        </>
      )}
    </AdminSection>
  );
}

function VoicesForm({ settings, onSaved, reread }: { settings: SpeechSettings; onSaved: (s: SpeechSettings) => void; reread: () => void }) {
  const s = useStyles();
  const notify = useNotify();
  const listen = useListen(settings.language_id);
  const [voice, setVoice] = useState(settings.voice);
  const [voiceB, setVoiceB] = useState(settings.voice_b);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const dirty = voice !== settings.voice || voiceB !== settings.voice_b;

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      const saved = await saveSpeech(settings.language_id, { voice, voice_b: voiceB, version: settings.version });
      notify('Voices saved: new audio uses them');
      onSaved(saved);
    } catch (e) {
      setErrors((e as { fields?: Record<string, string> }).fields ?? {});
      notify('Failed to save the voices', { body: failureBody(e), intent: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Field label="Voice A (every new audio)" validationMessage={errors.voice}>
        <RadioGroup value={voice} onChange={(_, d) => setVoice(d.value)} className={s.voices} aria-label="Voice A">
          {settings.voices.map((v) => (
            <div key={v.id} className={s.voice}>
              <Radio className={s.radio} value={v.id} label={`${v.id} · ${v.gender === 'Female' ? 'female' : 'male'} · ${v.locale}`} />
              <Badge className={s.engine} appearance="tint" color={v.engine === 'neural' ? 'brand' : 'informative'}>
                {v.engine === 'neural' ? 'Neural' : 'Standard'}
              </Badge>
              <ListenButton className={s.listen} listen={listen} voice={v.id} />
            </div>
          ))}
        </RadioGroup>
      </Field>
      <Field className={s.voiceB} label="Voice B (dialogues)" hint="A phrase group can be spoken by voice B in its dialog." validationMessage={errors.voice_b}>
        <Select value={voiceB} onChange={(_, d) => setVoiceB(d.value)}>
          <option value="">Same as voice A</option>
          {settings.voices.map((v) => (
            <option key={v.id} value={v.id}>
              {v.id} ({v.gender === 'Female' ? 'female' : 'male'}, {v.locale})
            </option>
          ))}
        </Select>
      </Field>
      <div className={s.save}>
        <Button appearance="primary" icon={<SaveRegular />} disabled={!dirty || busy} onClick={() => void save()}>
          {busy ? 'Saving...' : 'Save voices'}
        </Button>
      </div>
      <RegenerateBar languageId={settings.language_id} stale={settings.stale} onDone={reread} />
      {!settings.stale && (
        <Body1 as="p" className={s.below}>
          Every generated audio file of this language sounds as its current voices and pronunciations make it.
        </Body1>
      )}
    </>
  );
}
