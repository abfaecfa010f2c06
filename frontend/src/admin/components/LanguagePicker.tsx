/**
 * A screen about one language: the choice kept in the URL (`?language=`), the first language until
 * one is chosen; a chosen id that is no language names nothing (`unknown`). With its picker.
 */
import { Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import type { Language } from '@shared/contracts/languages';
import { useAdminLanguages } from '../../api/languages';
import { useListParams } from './useListParams';

const PARAMS = ['language'] as const;

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalL },
  // As the lists' filters (ListToolbar): up to 240 px, 44 px high, a long name never widens it.
  picker: { flex: '1 1 200px', maxWidth: '240px', minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
  select: { minWidth: 0, '& select': { minHeight: '44px', minWidth: 0, width: '100%', textOverflow: 'ellipsis' } },
});

export function useChosenLanguage() {
  const languages = useAdminLanguages();
  const [params, setParams] = useListParams(PARAMS);
  const list = languages.data ?? [];
  const chosen = params.language ? list.find((l) => l.id === params.language) : list[0];
  return {
    languages,
    list,
    chosen,
    unknown: !!params.language && !!languages.data && !chosen,
    choose: (language: string) => setParams({ language }),
  };
}

export function LanguagePicker({ list, chosen, choose }: { list: Language[]; chosen?: Language; choose: (id: string) => void }) {
  const s = useStyles();
  return (
    <div className={s.bar}>
      <Field label="Language" className={s.picker}>
        <Select className={s.select} value={chosen?.id ?? ''} onChange={(_, d) => choose(d.value)}>
          {!chosen && <option value="">Choose a language</option>}
          {list.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
