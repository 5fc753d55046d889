import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../app/paths.ts';
import { PageSpinner } from '../shell/Spinner.tsx';
import { keepTenantParam } from '../tenant/keepTenantParam.ts';
import { useAuth } from './AuthContext.ts';
import { type Access, decideAccess, mustSetUpMfaFirst } from './guards.ts';
import { type OriginState, rememberedOrigin } from './origin.ts';

/** A layout route that renders its child routes only for the visitors `access` admits. */
export function RouteGuard({ access }: { access: Access }) {
  const { status, can, session } = useAuth();
  const location = useLocation();
  const origin = rememberedOrigin(location.state);
  const decision = decideAccess(access, status, can, origin);
  const setupFirst = mustSetUpMfaFirst(
    access,
    status,
    session?.mfa_setup_required === true,
    location.pathname,
  );

  if (setupFirst) return <Navigate to={keepTenantParam(paths.account, location.search)} replace />;
  if (decision.kind === 'wait') return <PageSpinner />;
  if (decision.kind === 'render') return <Outlet />;
  // The remembered origin is a whole path that already names its tenant.
  if (decision.to === origin) return <Navigate to={origin} replace />;
  const state: OriginState | undefined = decision.rememberOrigin
    ? { from: { pathname: location.pathname, search: location.search, hash: location.hash } }
    : undefined;
  return <Navigate to={keepTenantParam(decision.to, location.search)} replace state={state} />;
}
