import { type ReactNode, useEffect } from 'react';
import { PageSpinner } from '../shell/Spinner.tsx';
import { useTenant } from '../tenant/TenantContext.ts';
import { useAuth } from './AuthContext.ts';

/**
 * SPEC §4's tenant check: a session of another tenant than the one on screen (a link carrying
 * another university's `?tenant=`) is signed out, and nothing of it shows under this tenant's name
 * meanwhile. The member stays on the page, whose guard then treats them as signed out.
 */
export function SessionTenantCheck({ children }: { children: ReactNode }) {
  const tenant = useTenant();
  const { session, signOut } = useAuth();
  const foreign = session !== null && session.tenant_id !== tenant.id;

  useEffect(() => {
    if (foreign) void signOut({ redirectTo: null });
  }, [foreign, signOut]);

  return foreign ? <PageSpinner /> : children;
}
