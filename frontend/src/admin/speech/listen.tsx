/**
 * 'Listen': plays a voice's sample (or, for Pronunciations, a preview) through one audio element
 * per screen, so one plays at a time; the URL comes from the API (made once, content-addressed).
 */
import { Button } from '@fluentui/react-components';
import { Speaker2Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { voiceSample } from '../../api/speech';
import { useNotify } from '../../components/notify';
import { failureBody } from '../components/failure';

export function useListen(languageId: string) {
  const notify = useNotify();
  const [busy, setBusy] = useState<string>();
  const audio = useRef<HTMLAudioElement>(undefined);
  // Leaving the screen stops what it plays.
  useEffect(() => () => audio.current?.pause(), []);
  /** Plays what `load` answers (a URL); `id` names the button that is busy meanwhile. */
  const play = async (id: string, load: () => Promise<string>) => {
    setBusy(id);
    try {
      const url = await load();
      audio.current?.pause();
      audio.current = new Audio(url);
      await audio.current.play();
    } catch (e) {
      notify('Failed to play the sample', { body: failureBody(e), intent: 'error' });
    } finally {
      setBusy(undefined);
    }
  };
  return { play, sample: (voice: string) => play(voice, () => voiceSample(languageId, voice)), busy };
}

export function ListenButton({ listen, voice, className }: { listen: ReturnType<typeof useListen>; voice: string; className?: string }) {
  return (
    <Button
      className={className}
      icon={<Speaker2Regular />}
      aria-label={`Listen to ${voice}`}
      disabled={listen.busy === voice}
      onClick={() => void listen.sample(voice)}
    >
      Listen
    </Button>
  );
}
