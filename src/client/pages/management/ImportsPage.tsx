import { Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { ImportProgress, RefusedRowsLink } from '../../components/ImportDialog/ImportDialog.tsx';
import { ListPage } from '../../components/ListPage/ListPage.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import importClasses from '../../components/ImportDialog/ImportDialog.module.css';

/**
 * /management/imports: the customer's past imports (who, when, which file, counts, status) with their
 * refused rows; a running one shows its progress, refreshed while it runs (it goes on without the page).
 */
export default function ImportsPage() {
  const { t } = useTranslation('imports');
  const fmt = useFormatters();
  const errorText = useErrorText();
  const query = trpc.imports.list.useQuery(
    { itemsPerPage: 50 },
    { refetchInterval: (q) => (q.state.data?.items.some((i) => i.status === 'running') ? 2000 : false) },
  );
  const items = query.data?.items ?? [];
  return (
    <ListPage title={t('page.title')} description={t('page.description')} listKey={null}>
      {query.error && <Text as="p">{errorText.error(query.error)}</Text>}
      {query.data && !items.length && <Text as="p">{t('page.empty')}</Text>}
      {items.length > 0 && (
        <div className={importClasses.tableWrap}>
          <table className={importClasses.table} aria-label={t('page.label')}>
            <thead>
              <tr>
                <th scope="col">{t('page.when')}</th>
                <th scope="col">{t('page.kind')}</th>
                <th scope="col">{t('page.file')}</th>
                <th scope="col">{t('page.by')}</th>
                <th scope="col">{t('page.status')}</th>
                <th scope="col">{t('page.result')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>{fmt.dateTime(item.createdAt)}</td>
                  <td>{t(`kinds.${item.kind}`)}</td>
                  <td>{item.fileName}</td>
                  <td>{item.actor.fullName}</td>
                  <td>{item.status === 'running' ? <ImportProgress id={item.id} /> : t(`status.${item.status}`)}</td>
                  <td>
                    {item.status === 'done'
                      ? `${t('counts.created')} ${item.created} · ${t('counts.updated')} ${item.updated} · ${t('counts.unchanged')} ${item.unchanged}`
                      : `${t('counts.create')} ${item.create} · ${t('counts.update')} ${item.update} · ${t('counts.unchanged')} ${item.unchanged}`}{' '}
                    {item.status !== 'previewed' && <RefusedRowsLink item={item} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListPage>
  );
}
