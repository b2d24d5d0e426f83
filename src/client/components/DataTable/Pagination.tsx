import { ChevronLeftIcon, ChevronRightIcon, MoveToEndIcon, MoveToStartIcon } from '@primer/octicons-react';
import { IconButton, Select, Text } from '@primer/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../shared/constants/http.ts';
import classes from './DataTable.module.css';

export interface PaginationProps {
  page: number;
  /** -1 means all rows on one page. */
  itemsPerPage: number;
  total: number;
  onChange: (page: number, itemsPerPage: number) => void;
}

/** Footer of every list: page size (5…100, All), "from-to of total", first/previous/next/last. */
export function Pagination({ page, itemsPerPage, total, onChange }: PaginationProps) {
  const { t } = useTranslation('table');
  const sizeId = useId();
  const all = itemsPerPage === -1;
  const lastPage = all ? 1 : Math.max(1, Math.ceil(total / itemsPerPage));
  const from = total === 0 ? 0 : all ? 1 : (page - 1) * itemsPerPage + 1;
  const to = all ? total : Math.min(total, page * itemsPerPage);
  return (
    <nav className={classes.pagination} aria-label={t('pagination')}>
      <div className={classes.pageSize}>
        <label htmlFor={sizeId}>{t('itemsPerPage')}</label>
        <Select id={sizeId} value={String(itemsPerPage)} onChange={(e) => onChange(1, Number(e.target.value))}>
          {PAGE_SIZES.map((size) => (
            <Select.Option key={size} value={String(size)}>
              {size === -1 ? t('all') : String(size)}
            </Select.Option>
          ))}
        </Select>
      </div>
      <Text aria-live="polite" className={classes.range}>
        {t('range', { from, to, total })}
      </Text>
      <div className={classes.pageButtons}>
        <IconButton
          icon={MoveToStartIcon}
          aria-label={t('firstPage')}
          variant="invisible"
          disabled={page <= 1}
          onClick={() => onChange(1, itemsPerPage)}
        />
        <IconButton
          icon={ChevronLeftIcon}
          aria-label={t('previousPage')}
          variant="invisible"
          disabled={page <= 1}
          onClick={() => onChange(page - 1, itemsPerPage)}
        />
        <IconButton
          icon={ChevronRightIcon}
          aria-label={t('nextPage')}
          variant="invisible"
          disabled={page >= lastPage}
          onClick={() => onChange(page + 1, itemsPerPage)}
        />
        <IconButton
          icon={MoveToEndIcon}
          aria-label={t('lastPage')}
          variant="invisible"
          disabled={page >= lastPage}
          onClick={() => onChange(lastPage, itemsPerPage)}
        />
      </div>
    </nav>
  );
}
