import type { To } from 'react-router';
import { paths } from '../app/paths.ts';

/** /search for a keyword, keeping the current URL's `tenant` parameter when it has one. */
export function searchTarget(q: string, currentSearch: string): To {
  const params = new URLSearchParams({ q });
  const tenant = new URLSearchParams(currentSearch).get('tenant');
  if (tenant) params.set('tenant', tenant);
  return { pathname: paths.search, search: `?${params}` };
}
