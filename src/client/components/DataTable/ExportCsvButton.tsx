import { DownloadIcon } from '@primer/octicons-react';
import { LinkButton } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { exportQuery } from './export-query.ts';

/**
 * A link to the server's streamed CSV export of `domain` (GET /api/export/<domain>.csv) with the
 * current search, filters and sort, so the file holds every row matching the list, not just the page.
 */
export function ExportCsvButton({ domain, input }: { domain: string; input: Record<string, unknown> }) {
  const { t } = useTranslation('table');
  return (
    <LinkButton
      href={`/api/export/${domain}.csv${exportQuery(input)}`}
      download={`${domain}.csv`}
      leadingVisual={DownloadIcon}
    >
      {t('exportCsv')}
    </LinkButton>
  );
}
