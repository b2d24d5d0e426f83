// A vehicle's start or end as the logistics pages show it: the city as stored, the country named in the
// page's language ("Barcelona, Spain", "Barcelona، إسبانيا").
import { useTranslation } from 'react-i18next';
import { useCountryName } from '../../../lib/countries.ts';

/** "City, Country" in the page's language (the sample stores English country names). */
export function usePlaceName(): (city: string, country: string) => string {
  const { t } = useTranslation('logistics');
  const countryName = useCountryName();
  return (city, country) => t('place', { city, country: countryName(country) });
}
