/**
 * /search?q=&language=: the public search, answered by the server (so it works with no script) from
 * the same indexes and matching as the box's island (shared/search.ts). Each result shows the phrase,
 * its translation and its lesson, and links to the phrase on its lesson page; a locked lesson is
 * marked and leads to the locked-content screen. Not for search engines (noindex), never stored by the CDN.
 */
import { Body1, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useSearchParams } from 'react-router-dom';
import type { SearchAnswer } from '@shared/contracts/search';
import { pages } from '@shared/urls';
import { ApiError } from '../api/client';
import { useSearch } from '../api/pages';
import { SearchBox } from '../layout/SearchBox';
import { READING_WIDTH } from '../theme/styles';

const useStyles = makeStyles({
  root: { maxWidth: READING_WIDTH, margin: '0 auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  heading: { margin: 0 },
  error: { margin: 0, color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  summary: { margin: 0, color: tokens.colorNeutralForeground2 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  hit: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { boxShadow: tokens.shadow8 },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  original: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  translation: { color: tokens.colorNeutralForeground2 },
  meta: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  none: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

type Hit = SearchAnswer['hits'][number];

/** 'Lesson · Level · Language', with 'Locked' when it is. */
function Meta({ hit }: { hit: Hit }) {
  const s = useStyles();
  const where = hit.kind === 'phrase' ? [hit.lesson_title, hit.level_title, hit.language_name] : ['Lesson', hit.level_title, hit.language_name];
  return (
    <span className={s.meta}>
      {hit.locked && <LockClosedRegular aria-hidden />}
      {[...where, ...(hit.locked ? ['Locked: in the free app'] : [])].join(' · ')}
    </span>
  );
}

export default function SearchPage() {
  const s = useStyles();
  const [params] = useSearchParams();
  const { data, error } = useSearch(params);
  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  const q = data?.q ?? params.get('q') ?? '';
  const language = data?.languages.find((l) => l.id === data.language);
  const where = language ? ` in ${language.name}` : '';
  return (
    <div className={s.root}>
      <Title1 as="h1" className={s.heading}>
        Search
      </Title1>
      <SearchBox page={{ q, language: data?.language ?? params.get('language'), languages: data?.languages ?? [] }} />
      {Object.values(fields).map((text) => (
        <p key={text} role="alert" className={s.error}>
          {text}
        </p>
      ))}
      {data && !q && <Body1 className={s.summary}>Type a word of a phrase, its translation or a lesson title. Accents and capitals do not matter.</Body1>}
      {data && q && data.total === 0 && (
        <div className={s.none}>
          <Body1 as="p" className={s.summary} role="status">
            No results for “{q}”{where}.
          </Body1>
          <Body1 as="p" className={s.summary}>
            Check the spelling, try fewer or shorter words{language ? ', or search all languages' : ''}, or <a href={pages.languages}>browse the languages</a>.
          </Body1>
        </div>
      )}
      {data && q && data.total > 0 && (
        <>
          <Body1 as="p" className={s.summary} role="status">
            {data.total === 1 ? '1 result' : `${data.total} results`} for “{q}”{where}
            {data.total > data.hits.length ? `: the first ${data.hits.length} are shown, add a word to narrow them` : ''}.
          </Body1>
          <ul className={s.list}>
            {data.hits.map((hit) => (
              <li key={hit.href}>
                <a href={hit.href} className={s.hit}>
                  <span className={s.original} lang={hit.kind === 'phrase' ? undefined : 'en'}>
                    {hit.kind === 'phrase' ? hit.original : hit.lesson_title}
                  </span>
                  {hit.kind === 'phrase' && (
                    <span className={s.translation} lang="en">
                      {hit.translation}
                    </span>
                  )}
                  <Meta hit={hit} />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
