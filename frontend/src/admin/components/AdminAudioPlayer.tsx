/** Admin player of one audio URL: play/pause, progress bar and the speed buttons x0.8, x1, x1.3. */
import { Button, makeStyles, ProgressBar, ToggleButton, tokens } from '@fluentui/react-components';
import { PauseRegular, PlayRegular } from '@fluentui/react-icons';
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNotify } from '../../components/notify';
import { SPEEDS } from '../../islands/speed';
import { AdminAudio } from './adminAudio';

const AudioContext = createContext<AdminAudio | null>(null);

/** One helper per screen: it stops playing when the screen goes away. */
export function AdminAudioProvider({ children }: { children: ReactNode }) {
  const notify = useNotify();
  const [audio] = useState(() => new AdminAudio(() => notify('Failed to play audio. Please check the URL.', { intent: 'error' })));
  useEffect(() => () => audio.stop(), [audio]);
  return <AudioContext.Provider value={audio}>{children}</AudioContext.Provider>;
}

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', minWidth: 0 },
  bar: { flex: '1 1 120px', minWidth: '80px' },
  speeds: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

export function AdminAudioPlayer({ url, label }: { url: string; label: string }) {
  const s = useStyles();
  const audio = useContext(AudioContext);
  if (!audio) throw new Error('AdminAudioPlayer needs an AdminAudioProvider');
  const st = useSyncExternalStore(audio.subscribe, () => audio.get(url));

  return (
    <div className={s.root} role="group" aria-label={`Audio player: ${label}`}>
      <Button
        appearance="primary"
        shape="circular"
        icon={st.playing ? <PauseRegular /> : <PlayRegular />}
        aria-label={st.playing ? 'Pause' : 'Play'}
        onClick={() => (st.playing ? audio.pause(url) : void audio.play(url))}
      />
      <ProgressBar
        className={s.bar}
        value={st.progress}
        max={100}
        thickness="large"
        aria-label="Playback progress"
        aria-valuetext={`${Math.round(st.progress)}%`}
      />
      <div className={s.speeds} role="group" aria-label="Playback speed">
        {SPEEDS.map((speed) => (
          <ToggleButton
            key={speed}
            size="small"
            appearance={st.speed === speed ? 'primary' : 'secondary'}
            checked={st.speed === speed}
            onClick={() => audio.setSpeed(url, speed)}
            aria-label={`Speed x${speed}`}
          >
            x{speed}
          </ToggleButton>
        ))}
      </div>
    </div>
  );
}
