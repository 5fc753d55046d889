import type { To } from 'react-router';

/**
 * A target that keeps the current URL's `tenant` parameter, so redirects never drop the tenant a
 * visitor arrived with (a bookmark or mailed link then still names it).
 */
export function keepTenantParam(pathname: string, currentSearch: string): To {
  const tenant = new URLSearchParams(currentSearch).get('tenant');
  return tenant ? { pathname, search: `?${new URLSearchParams({ tenant })}` } : { pathname };
}
