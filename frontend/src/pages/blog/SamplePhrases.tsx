/** The sample phrase player inside a blog post: heading, one audio player for the group, its phrases, a link to the lesson. */
import { Body1, Caption1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { ArrowRightRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import type { PhraseGroup } from '@shared/contracts/phrases';
import { pages } from '@shared/urls';
import { AudioPlayer } from '../../components/audio/AudioPlayer';
import { languageTag } from '../course/languageTag';

export const DEFAULT_SAMPLE_TITLE = 'Here is a sample of our daily easy phrases to learn';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: `${tokens.spacingVerticalXL} 0`,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    border: `1px solid ${tokens.colorBrandStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    '& h1, & h2, & h3, & p': { margin: 0 },
  },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexDirection: 'column', paddingBottom: tokens.spacingVerticalS, borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  translation: { color: tokens.colorNeutralForeground3 },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    alignSelf: 'flex-start',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    // A touch target of 44 px on phones; the negative margins keep the layout (they reach into the gap and padding around it).
    '@media (max-width: 767px)': { minHeight: '44px', margin: '-12px 0' },
  },
});

export function SamplePhrases({ title, group, lessonPath }: { title: string | null; group: PhraseGroup; lessonPath: string | null }) {
  const s = useStyles();
  const heading = title?.trim() || DEFAULT_SAMPLE_TITLE;
  // The phrases' language: theirs, else the linked lesson's ('{language}/{level}/{lesson}').
  const languageId = group.phrases[0]?.language_id || lessonPath?.split('/')[0];
  const lang = languageId ? languageTag({ id: languageId }) : undefined;
  return (
    <section className={s.box} aria-labelledby="sample-title" data-testid="sample-phrases">
      <Subtitle1 as="h2" id="sample-title">
        {heading}
      </Subtitle1>
      <AudioPlayer src={group.audio_url} label={heading} />
      <ul className={s.list}>
        {group.phrases.map((p) => (
          <li key={p.id} className={s.item}>
            <Body1 lang={lang}>{p.original_text}</Body1>
            <Caption1 className={s.translation} lang="en">
              {p.translated_text}
            </Caption1>
          </li>
        ))}
      </ul>
      {lessonPath && (
        <Link to={pages.lessonAt(lessonPath)} className={s.link}>
          Open the full lesson <ArrowRightRegular aria-hidden />
        </Link>
      )}
    </section>
  );
}
