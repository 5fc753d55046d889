// @vitest-environment jsdom
import type { TenantAnswer } from '@kindling/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TenantContext } from '../tenant/TenantContext.ts';
import { type Auth, AuthContext } from './AuthContext.ts';
import { SessionTenantCheck } from './SessionTenantCheck.tsx';

afterEach(cleanup);

const tenant = { id: 1, name: 'Alpha University', domain: 'alpha.test' } as TenantAnswer;

function renderWith(sessionTenant: number | null) {
  const signOut = vi.fn(async () => true);
  const auth: Auth = {
    status: sessionTenant === null ? 'signedOut' : 'signedIn',
    user: null,
    session:
      sessionTenant === null
        ? null
        : {
            issued_at: '',
            auth_time: '',
            expires_at: '',
            tenant_id: sessionTenant,
            mfa_setup_required: false,
          },
    can: () => false,
    startSession: () => {},
    signOut,
  };
  render(
    <AuthContext value={auth}>
      <TenantContext value={tenant}>
        <SessionTenantCheck>
          <p>member page</p>
        </SessionTenantCheck>
      </TenantContext>
    </AuthContext>,
  );
  return signOut;
}

describe('SessionTenantCheck (SPEC §4)', () => {
  it('signs out a session of another tenant, showing none of the page meanwhile', () => {
    const signOut = renderWith(2);
    expect(screen.queryByText('member page')).toBeNull();
    expect(signOut).toHaveBeenCalledWith({ redirectTo: null });
  });

  it("shows the page to this tenant's session and to visitors", () => {
    expect(renderWith(1)).not.toHaveBeenCalled();
    expect(screen.getByText('member page')).toBeTruthy();
    cleanup();
    expect(renderWith(null)).not.toHaveBeenCalled();
    expect(screen.getByText('member page')).toBeTruthy();
  });
});
