import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../shell/Spinner.tsx';
import { keepTenantParam } from '../tenant/keepTenantParam.ts';
import { useAuth } from './AuthContext.ts';
import { type Access, decideAccess } from './guards.ts';
import { type OriginState, rememberedOrigin } from './origin.ts';

/** A layout route that renders its child routes only for the visitors `access` admits. */
export function RouteGuard({ access }: { access: Access }) {
  const { status, permissions } = useAuth();
  const location = useLocation();
  const origin = rememberedOrigin(location.state);
  const decision = decideAccess(access, status, permissions, origin);

  if (decision.kind === 'wait') return <PageSpinner />;
  if (decision.kind === 'render') return <Outlet />;
  // The remembered origin is a whole path that already names its tenant.
  if (decision.to === origin) return <Navigate to={origin} replace />;
  const state: OriginState | undefined = decision.rememberOrigin
    ? { from: { pathname: location.pathname, search: location.search, hash: location.hash } }
    : undefined;
  return <Navigate to={keepTenantParam(decision.to, location.search)} replace state={state} />;
}
