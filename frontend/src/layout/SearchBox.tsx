/**
 * The search box: a plain GET form to /search, so it works with no script (the server answers the
 * page). Its island (islands/search.ts) is loaded on the first focus, reads the search indexes then
 * and lists the matches under the box as the visitor types. `page`: the /search page's own box,
 * wide, with the language choice; otherwise the header's, which phones replace by the menu's link to /search.
 * One class per element (makeResetStyles): the header is on every page, so its bytes are counted.
 */
import { makeResetStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { MAX_QUERY } from '@shared/search';
import { ROOT, SEARCH, attr } from '@shared/markup';
import { pages } from '@shared/urls';
import { ICON_BUTTON, visuallyHidden } from '../theme/styles';

const focus = { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' };

const useForm = makeResetStyles({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  '& label': visuallyHidden,
  '& input, & select': {
    minHeight: '40px',
    boxSizing: 'border-box',
    padding: `0 ${tokens.spacingHorizontalM}`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    fontFamily: 'inherit',
    ':focus-visible': focus,
  },
  '& input': { width: '200px', minWidth: 0, paddingRight: '44px' },
  '& button': { ...ICON_BUTTON, position: 'absolute', right: '2px', width: '40px', height: '36px', ':focus-visible': focus },
  // Phones: the header's bar has no room; its menu links to the /search page, which has its own box.
  '@media (max-width: 767px)': { ':not(.pp-page)': { display: 'none' } },
});

/** The /search page's box: the field takes the width, the language beside it, the button last. */
const usePageForm = makeResetStyles({
  gap: tokens.spacingHorizontalS,
  flexWrap: 'wrap',
  '& input': { flex: '1 1 220px', width: 'auto', minHeight: '44px', paddingRight: tokens.spacingHorizontalM },
  '& select': { minHeight: '44px' },
  '& button': {
    position: 'static',
    width: 'auto',
    height: '44px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    gap: tokens.spacingHorizontalXS,
    display: 'inline-flex',
    alignItems: 'center',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    fontFamily: 'inherit',
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover, color: tokens.colorNeutralForegroundOnBrand },
  },
});

/** The instant results under the box: the island writes plain elements, styled from here. */
const usePanel = makeResetStyles({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  right: 0,
  zIndex: 20,
  width: 'min(380px, calc(100vw - 24px))',
  maxHeight: '70vh',
  overflowY: 'auto',
  boxSizing: 'border-box',
  padding: tokens.spacingVerticalXS,
  backgroundColor: tokens.colorNeutralBackground1,
  border: `1px solid ${tokens.colorNeutralStroke2}`,
  borderRadius: tokens.borderRadiusLarge,
  boxShadow: tokens.shadow16,
  '.pp-page &': { left: 0, right: 'auto', width: '100%' },
  '& p': {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
  },
  '& ul': { listStyleType: 'none', margin: 0, padding: 0 },
  '& a': {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':focus-visible': { ...focus, outlineOffset: '-2px' },
  },
  '& strong': { fontWeight: tokens.fontWeightSemibold },
  '& span': { color: tokens.colorNeutralForeground2 },
  '& small': { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

interface Props {
  /** The /search page's box (wide, with the languages); the header's otherwise. */
  page?: { q: string; language: string | null; languages: { id: string; name: string }[] };
}

export function SearchBox({ page }: Props) {
  const form = useForm();
  const pageForm = usePageForm();
  const panel = usePanel();
  const id = page ? 'search-page' : 'search-site';
  return (
    <form role="search" action={pages.search} method="get" className={page ? `${form} ${pageForm} pp-page` : form} {...attr(ROOT.island, 'search')}>
      <label htmlFor={id}>Search phrases and lessons</label>
      <input
        id={id}
        type="search"
        name="q"
        placeholder="Search phrases"
        maxLength={MAX_QUERY}
        autoComplete="off"
        defaultValue={page?.q}
        {...attr(SEARCH.input)}
      />
      {page && (
        <>
          <label htmlFor={`${id}-language`}>Language</label>
          <select id={`${id}-language`} name="language" defaultValue={page.language ?? ''} {...attr(SEARCH.language)}>
            <option value="">All languages</option>
            {page.languages.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </>
      )}
      <button type="submit" aria-label={page ? undefined : 'Search'}>
        <SearchRegular aria-hidden />
        {page && 'Search'}
      </button>
      {/* The island puts a status line and the list in it. */}
      <div className={panel} hidden {...attr(SEARCH.panel)} />
    </form>
  );
}
