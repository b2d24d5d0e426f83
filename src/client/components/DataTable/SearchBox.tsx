import { SearchIcon } from '@primer/octicons-react';
import { TextInput } from '@primer/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputDir } from '../Bidi/index.ts';
import { useDebouncedSearch } from './useDebouncedSearch.ts';
import classes from './DataTable.module.css';

/** The list's search box: what is typed applies after a short pause. */
export function SearchBox({ query, onSearch }: { query: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('table');
  const id = useId();
  const [q, setQ] = useDebouncedSearch(query, onSearch);
  return (
    <div className={classes.search}>
      <label htmlFor={id} className={classes.visuallyHidden}>
        {t('search')}
      </label>
      <TextInput
        id={id}
        leadingVisual={SearchIcon}
        placeholder={t('search')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        // What is searched for reads in its own direction ("85 Voie du Havre" in Arabic too).
        dir={inputDir(q)}
        block
        type="search"
      />
    </div>
  );
}
