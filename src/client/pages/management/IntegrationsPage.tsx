import { Link, Text } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/ListPage/ListPage.tsx';
import { useIsSuperadmin } from '../../components/RecordSelect/CustomerFilter.tsx';
import { useCustomerOptions } from '../../components/RecordSelect/options.ts';
import { RecordSelect } from '../../components/RecordSelect/RecordSelect.tsx';
import { ApiKeysSection } from './integrations/ApiKeys.tsx';
import { WebhooksSection } from './integrations/Webhooks.tsx';
import classes from './integrations/Integrations.module.css';

/**
 * /management/integrations: a customer's API keys (scripts calling /api/v1) and webhook endpoints (events
 * pushed out), for superadmin and admin. A key's or an endpoint's secret is shown once, when created.
 * The superadmin first chooses the customer; an admin sees their own.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const superadmin = useIsSuperadmin();
  const { options, loading } = useCustomerOptions(superadmin);
  const [chosen, setChosen] = useState<number | null>(null);
  const ready = !superadmin || chosen !== null;
  const customerId = superadmin ? (chosen ?? undefined) : undefined;
  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      listKey={null}
      actions={
        <Link href="/api/docs" className={classes.docs}>
          {t('docs')}
        </Link>
      }
    >
      {superadmin && (
        <RecordSelect
          className={classes.customer}
          label={t('customer')}
          placeholder={t('chooseCustomer')}
          options={options}
          loading={loading}
          value={chosen}
          onChange={setChosen}
        />
      )}
      {ready ? (
        <>
          <ApiKeysSection customerId={customerId} />
          <WebhooksSection customerId={customerId} />
        </>
      ) : (
        <Text as="p" className={classes.muted}>
          {t('chooseCustomer')}
        </Text>
      )}
    </ListPage>
  );
}
