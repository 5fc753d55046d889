import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePersisted } from '../state/usePersisted.ts';

export function normaliseDomain(value: string | null | undefined): string | null {
  const domain = value?.trim().toLowerCase();
  return domain ? domain : null;
}

/** CONTRACT §3: the `tenant` query parameter, else the tenant stored last, else none. */
export function chooseTenantDomain(
  search: string | URLSearchParams,
  rememberedDomain: string | null | undefined,
): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return normaliseDomain(params.get('tenant')) ?? normaliseDomain(rememberedDomain);
}

/**
 * The tenant this tab shows. Once chosen it sticks for the tab even on links without the
 * parameter, so another tab storing a different tenant does not switch this one underneath it.
 */
export function useTenantDomain(): string | null {
  const [params] = useSearchParams();
  const remembered = usePersisted('tenant')?.domain;
  const fromUrl = normaliseDomain(params.get('tenant'));
  const [domain, setDomain] = useState(() => chooseTenantDomain(params, remembered));
  if (fromUrl && fromUrl !== domain) setDomain(fromUrl);
  return fromUrl ?? domain;
}
