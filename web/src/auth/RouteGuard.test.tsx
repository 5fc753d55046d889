// @vitest-environment jsdom
import type { Permission } from '@kindling/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type Auth, AuthContext } from './AuthContext.ts';
import type { AuthStatus } from './guards.ts';
import { RouteGuard } from './RouteGuard.tsx';

afterEach(cleanup);

function auth(status: AuthStatus, permissions: Permission[] = []): Auth {
  return {
    status,
    user: null,
    session: null,
    can: (p) => permissions.includes(p),
    startSession: () => {},
    signOut: async () => true,
  };
}

function Home() {
  const location = useLocation();
  return (
    <p>
      home {location.search} from{' '}
      {(location.state as { from?: { pathname: string } })?.from?.pathname}
    </p>
  );
}

function renderAt(path: string | { pathname: string; state: unknown }, value: Auth) {
  const router = createMemoryRouter(
    [
      {
        element: <RouteGuard access={{ kind: 'signedOutOnly' }} />,
        children: [
          { path: '/', element: <Home /> },
          { path: '/signin', element: <p>sign-in page</p> },
        ],
      },
      {
        element: <RouteGuard access={{ kind: 'signedIn' }} />,
        children: [{ path: '/people', element: <p>people page</p> }],
      },
      {
        element: <RouteGuard access={{ kind: 'signedIn', permission: 'invite_user' }} />,
        children: [{ path: '/invite-others', element: <p>invite page</p> }],
      },
      {
        element: <RouteGuard access={{ kind: 'signedIn' }} />,
        children: [{ path: '/dashboard', element: <p>dashboard page</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AuthContext value={value}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
  return router;
}

describe('RouteGuard', () => {
  it('redirects a signed-out visitor home, keeping the tenant and the origin', () => {
    const router = renderAt('/dashboard?tenant=demo.localhost&page=2', auth('signedOut'));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('home ?tenant=demo.localhost from /dashboard')).toBeTruthy();
  });

  it('redirects a member without the permission, then on to the dashboard', () => {
    const router = renderAt('/invite-others', auth('signedIn', ['create_idea']));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('dashboard page')).toBeTruthy();
  });

  it('takes a member who just signed in back to the remembered origin', () => {
    const router = renderAt(
      {
        pathname: '/signin',
        state: { from: { pathname: '/people', search: '?tenant=demo.localhost&page=2', hash: '' } },
      },
      auth('signedIn'),
    );
    expect(router.state.location.pathname).toBe('/people');
    expect(router.state.location.search).toBe('?tenant=demo.localhost&page=2');
    expect(screen.getByText('people page')).toBeTruthy();
  });

  it('ignores a remembered origin that would leave the app', () => {
    const router = renderAt(
      { pathname: '/signin', state: { from: { pathname: '//evil.example/x' } } },
      auth('signedIn'),
    );
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('renders the route for a member with the permission', () => {
    renderAt('/invite-others', auth('signedIn', ['invite_user']));
    expect(screen.getByText('invite page')).toBeTruthy();
  });

  it('shows a spinner while the session is checked', () => {
    renderAt('/dashboard', auth('pending'));
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
