/**
 * Coverage: what is missing in one language's course (GET /api/coverage/{language}). A language
 * picker (kept in the URL, `?language=`; the first language until one is chosen), a summary of
 * counts, then one section per kind of finding whose rows link to the screen where each is fixed,
 * filtered to it. Locked levels and lessons are listed for information after what is missing.
 */
import { Body1, Caption1, Card, makeStyles, mergeClasses, Title2, tokens } from '@fluentui/react-components';
import { LanguagePicker } from '../components/LanguagePicker';
import { MISSING_KINDS, type Coverage } from '@shared/contracts/coverage';
import { LANGUAGE_MISSING } from '@shared/contracts/languages';
import { missingCount } from '@shared/coverage';
import { isNotFound } from '../../api/client';
import { useCoverage } from '../../api/coverage';
import { useAdminLanguages } from '../../api/languages';
import { PageState } from '../../components/PageState';
import { AdminSection } from '../components/AdminSection';
import { useListParams } from '../components/useListParams';
import { FINDING_KINDS, type FindingKindDef } from './findings';
import { FindingSection } from './FindingSection';
import { HardestSection } from './HardestSection';
import { countOf } from '@shared/plural';

const PARAMS = ['language'] as const;
const isMissingKind = (k: FindingKindDef) => (MISSING_KINDS as readonly string[]).includes(k.kind);

const useStyles = makeStyles({
  totals: { display: 'block', margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
  summary: {
    listStyleType: 'none',
    padding: 0,
    margin: `0 0 ${tokens.spacingVerticalXXL}`,
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
    '@media (max-width: 480px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
  },
  count: {
    height: '100%',
    padding: tokens.spacingHorizontalL,
    gap: tokens.spacingVerticalXS,
    boxSizing: 'border-box',
    '@media (max-width: 480px)': { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`, gap: 0 },
  },
  value: { margin: 0, '@media (max-width: 480px)': { fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500 } },
  // A count is a warning where something is missing, muted where it is zero.
  warn: { color: tokens.colorStatusWarningForeground1 },
  info: { color: tokens.colorNeutralForeground3 },
  sections: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL },
  hardest: { marginTop: tokens.spacingVerticalXXL },
});

export default function CoverageScreen() {
  const s = useStyles();
  const languages = useAdminLanguages();
  const [params, setParams] = useListParams(PARAMS);
  const list = languages.data ?? [];
  // The chosen language, or the first one until a choice is made; a chosen id that is not a language names nothing.
  const chosen = params.language ? list.find((l) => l.id === params.language) : list[0];
  const unknown = !!params.language && !!languages.data && !chosen;
  const coverage = useCoverage(chosen?.id);

  return (
    <AdminSection id="coverage" title="Coverage" intro="What is missing in a language's course.">
      {languages.isLoading ? (
        <PageState text="Loading..." />
      ) : languages.error ? (
        <PageState text="Coverage could not be loaded. Please try again later." />
      ) : !list.length ? (
        <PageState text="Add languages first before checking their coverage." action={{ label: 'Go to Languages', to: '/admin/languages' }} />
      ) : (
        <>
          <LanguagePicker list={list} chosen={chosen} choose={(id) => setParams({ language: id })} />
          {unknown || (coverage.error && isNotFound(coverage.error)) ? (
            <PageState text={LANGUAGE_MISSING} />
          ) : coverage.error ? (
            <PageState text="Coverage could not be loaded. Please try again later." />
          ) : !coverage.data || coverage.data.language.id !== chosen?.id ? (
            <PageState text="Loading..." />
          ) : (
            <>
              <Findings coverage={coverage.data} />
              <div className={s.hardest}>
                <HardestSection key={coverage.data.language.id} language={coverage.data.language.id} />
              </div>
            </>
          )}
        </>
      )}
    </AdminSection>
  );
}

function Findings({ coverage }: { coverage: Coverage }) {
  const s = useStyles();
  const { totals } = coverage;
  const missing = missingCount(coverage);
  const shown = FINDING_KINDS.filter((k) => coverage[k.kind].count > 0);
  return (
    <>
      <Body1 as="p" className={s.totals}>
        {coverage.language.name}: {countOf(totals.levels, 'level')}, {countOf(totals.lessons, 'lesson')}, {countOf(totals.phrases, 'phrase')}.
      </Body1>
      <ul className={s.summary} aria-label="Summary">
        {FINDING_KINDS.map((k) => {
          const n = coverage[k.kind].count;
          return (
            <li key={k.kind}>
              <Card className={s.count}>
                <Caption1>{k.title}</Caption1>
                <Title2 as="p" className={mergeClasses(s.value, n === 0 ? s.info : isMissingKind(k) && s.warn)}>
                  {n}
                </Title2>
              </Card>
            </li>
          );
        })}
      </ul>
      <div className={s.sections}>
        {missing === 0 && <PageState text="Nothing is missing in this language." />}
        {shown.map((k) => (
          <FindingSection
            key={k.kind}
            id={`coverage-${k.kind}`}
            title={k.title}
            hint={k.hint}
            count={coverage[k.kind].count}
            rows={k.rows(coverage)}
            language={coverage.language.id}
            bulk={k.bulk}
          />
        ))}
      </div>
    </>
  );
}
