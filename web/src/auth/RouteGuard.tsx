import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../shell/Spinner.tsx';
import { keepTenantParam } from '../tenant/keepTenantParam.ts';
import { useAuth } from './AuthContext.ts';
import { type Access, decideAccess } from './guards.ts';

/** The location a guard turned away, so sign-in can return there. */
export interface GuardedFrom {
  from: { pathname: string; search: string; hash: string };
}

/** A layout route that renders its child routes only for the visitors `access` admits. */
export function RouteGuard({ access }: { access: Access }) {
  const { status, permissions } = useAuth();
  const location = useLocation();
  const decision = decideAccess(access, status, permissions);

  if (decision.kind === 'wait') return <PageSpinner />;
  if (decision.kind === 'render') return <Outlet />;
  const state: GuardedFrom | undefined = decision.rememberOrigin
    ? { from: { pathname: location.pathname, search: location.search, hash: location.hash } }
    : undefined;
  return <Navigate to={keepTenantParam(decision.to, location.search)} replace state={state} />;
}
