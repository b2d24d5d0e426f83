// /pages/pricing: Opsdesk's plans. The server has no pricing data, so the plans are our own
// content: prices here, names, pitches and features in the `pages` locale files. Four user
// plans (basic, team, company, enterprise), a monthly/annual switch kept in the URL (?billing=annual,
// a year costs ten months), and a comparison table. No checkout exists, so nothing pretends to sell:
// the only actions are links to pages that exist (the comparison, the FAQ, the help center).
import { CheckIcon, DashIcon } from '@primer/octicons-react';
import { Heading, Label, Text } from '@primer/react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { pageExists, pathFor, routeByName } from '../../app/routes.tsx';
import { useMoney } from '../../lib/format.ts';
import classes from './Pricing.module.css';

const PLANS = ['basic', 'team', 'company', 'enterprise'] as const;
type Plan = (typeof PLANS)[number];
type Billing = 'monthly' | 'annual';

/** Monthly price in euros; a year is billed as ten months. */
const MONTHLY_PRICE: Record<Plan, number> = { basic: 0, team: 29, company: 79, enterprise: 199 };
const annualPrice = (plan: Plan) => MONTHLY_PRICE[plan] * 10;
const POPULAR: Plan = 'company';

/** The comparison rows: a value per plan; `true`/`false` is included or not, a number a limit (null: unlimited). */
type Cell = boolean | number | null | 'community' | 'email' | 'priority' | 'dedicated';
const FEATURES: { key: string; unit?: 'gb'; values: Record<Plan, Cell> }[] = [
  { key: 'users', values: { basic: 1, team: 5, company: 25, enterprise: null } },
  { key: 'sites', values: { basic: 3, team: 20, company: 200, enterprise: null } },
  { key: 'storage', unit: 'gb', values: { basic: 1, team: 10, company: 100, enterprise: 1000 } },
  { key: 'offline', values: { basic: true, team: true, company: true, enterprise: true } },
  { key: 'reports', values: { basic: false, team: true, company: true, enterprise: true } },
  { key: 'api', values: { basic: false, team: false, company: true, enterprise: true } },
  { key: 'sso', values: { basic: false, team: false, company: false, enterprise: true } },
  { key: 'support', values: { basic: 'community', team: 'email', company: 'priority', enterprise: 'dedicated' } },
];

/** The first three rows, said in words on each plan's card. */
const HIGHLIGHTS = ['users', 'sites', 'storage'];

/** A link to a named route, or nothing when its page is not built. */
function RouteLink({ route, children }: { route: string; children: string }) {
  if (!pageExists(routeByName(route))) return null;
  return (
    <Link href={pathFor(route)} className={classes.linkButton}>
      {children}
    </Link>
  );
}

export default function PricingPage() {
  const { t, i18n } = useTranslation('pages');
  const money = useMoney({ currency: 'EUR', whole: true });
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const [location, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const billing: Billing = search.get('billing') === 'annual' ? 'annual' : 'monthly';
  const billingName = useId();

  const setBilling = (next: Billing) => {
    const out = new URLSearchParams(search);
    if (next === 'annual') out.set('billing', 'annual');
    else out.delete('billing');
    const query = out.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };

  const cell = (feature: (typeof FEATURES)[number], plan: Plan) => {
    const value = feature.values[plan];
    if (value === true)
      return (
        <>
          <CheckIcon size={16} className={classes.yes} aria-hidden="true" />
          <span className={classes.srOnly}>{t('pricing.included')}</span>
        </>
      );
    if (value === false)
      return (
        <>
          <DashIcon size={16} className={classes.no} aria-hidden="true" />
          <span className={classes.srOnly}>{t('pricing.notIncluded')}</span>
        </>
      );
    if (value === null) return t('pricing.unlimited');
    if (typeof value === 'number')
      return feature.unit === 'gb' ? t('pricing.gb', { n: number.format(value) }) : number.format(value);
    return t(`pricing.supportLevel.${value}`);
  };

  return (
    <div className={classes.page}>
      <section className={classes.hero}>
        <Heading as="h1" className={classes.title}>
          {t('pricing.title')}
        </Heading>
        <Text as="p" className={classes.muted}>
          {t('pricing.subtitle')}
        </Text>
        <fieldset className={classes.switch}>
          <legend className={classes.srOnly}>{t('pricing.billing')}</legend>
          {(['monthly', 'annual'] as const).map((value) => (
            <label key={value} className={classes.option}>
              <input
                type="radio"
                name={billingName}
                value={value}
                checked={billing === value}
                onChange={() => setBilling(value)}
              />
              <span>{t(`pricing.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        <Text as="p" className={classes.muted}>
          {t('pricing.annualNote')}
        </Text>
      </section>

      <ul className={classes.plans} aria-label={t('pricing.plans')}>
        {PLANS.map((plan) => {
          const monthly = MONTHLY_PRICE[plan];
          const perMonth = billing === 'annual' ? Math.round(annualPrice(plan) / 12) : monthly;
          return (
            <li
              key={plan}
              className={classes.plan}
              data-popular={plan === POPULAR || undefined}
              data-testid={`plan-${plan}`}
              aria-labelledby={`plan-${plan}`}
            >
              <div className={classes.planHead}>
                <h2 id={`plan-${plan}`} className={classes.planName}>
                  {t(`pricing.plan.${plan}.name`)}
                </h2>
                {plan === POPULAR && <Label variant="accent">{t('pricing.popular')}</Label>}
              </div>
              <p className={classes.muted}>{t(`pricing.plan.${plan}.pitch`)}</p>
              <p className={classes.price}>
                {monthly === 0 ? (
                  <span className={classes.amount} data-testid="price">
                    {t('pricing.free')}
                  </span>
                ) : (
                  <>
                    <span className={classes.amount} data-testid="price">
                      {money(perMonth)}
                    </span>
                    <span className={classes.muted}>{t('pricing.perMonth')}</span>
                  </>
                )}
              </p>
              <p className={classes.muted} data-testid="billed">
                {monthly === 0
                  ? t('pricing.freeForever')
                  : billing === 'annual'
                    ? t('pricing.billedAnnually', { amount: money(annualPrice(plan)) })
                    : t('pricing.billedMonthly')}
              </p>
              <ul className={classes.highlights}>
                {FEATURES.filter((f) => HIGHLIGHTS.includes(f.key)).map((f) => (
                  <li key={f.key}>
                    <CheckIcon size={16} className={classes.yes} aria-hidden="true" />
                    <span>
                      {t(`pricing.feature.${f.key}`)}: {cell(f, plan)}
                    </span>
                  </li>
                ))}
                <li>
                  <CheckIcon size={16} className={classes.yes} aria-hidden="true" />
                  <span>
                    {t('pricing.feature.support')}: {cell(FEATURES[FEATURES.length - 1], plan)}
                  </span>
                </li>
              </ul>
            </li>
          );
        })}
      </ul>

      <div className={classes.card} id="compare">
        <h2 id="pricing-compare" className={classes.cardTitle}>
          {t('pricing.compare')}
        </h2>
        <div className={classes.tableWrap} tabIndex={0} role="region" aria-labelledby="pricing-compare">
          <table className={classes.table} data-testid="pricing-compare">
            <thead>
              <tr>
                <th scope="col">{t('pricing.featureCol')}</th>
                {PLANS.map((plan) => (
                  <th key={plan} scope="col">
                    {t(`pricing.plan.${plan}.name`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {FEATURES.map((f) => (
                <tr key={f.key}>
                  <th scope="row">{t(`pricing.feature.${f.key}`)}</th>
                  {PLANS.map((plan) => (
                    <td key={plan}>{cell(f, plan)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>

      <section className={classes.card} aria-labelledby="pricing-help">
        <h2 id="pricing-help" className={classes.cardTitle}>
          {t('pricing.questions')}
        </h2>
        <p className={classes.muted}>{t('pricing.questionsBody')}</p>
        <div className={classes.links}>
          <RouteLink route="pages-faq">{t('pricing.readFaq')}</RouteLink>
          <RouteLink route="pages-help-center">{t('pricing.openHelp')}</RouteLink>
        </div>
      </section>
    </div>
  );
}
