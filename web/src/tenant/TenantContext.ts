import type { TenantAnswer } from '@kindling/contract';
import { createContext, useContext } from 'react';

export const TenantContext = createContext<TenantAnswer | null>(null);

/** The loaded tenant. Every screen renders inside TenantGate, so it is always there. */
export function useTenant(): TenantAnswer {
  const tenant = useContext(TenantContext);
  if (!tenant) throw new Error('useTenant must be used inside TenantGate');
  return tenant;
}
