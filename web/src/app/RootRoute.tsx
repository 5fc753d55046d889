import { Outlet } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider.tsx';
import { SessionTenantCheck } from '../auth/SessionTenantCheck.tsx';
import { ScrollToTop } from '../shell/ScrollToTop.tsx';
import { Toasts } from '../shell/Toasts.tsx';
import { TenantGate } from '../tenant/TenantGate.tsx';

/** Wraps every route: who is signed in, which tenant, and where toasts appear. */
export function RootRoute() {
  return (
    <>
      <AuthProvider>
        <TenantGate>
          <SessionTenantCheck>
            <ScrollToTop />
            <Outlet />
          </SessionTenantCheck>
        </TenantGate>
      </AuthProvider>
      <Toasts />
    </>
  );
}
