import { describe, expect, it } from 'vitest';
import { sessionHasEnded } from './sessionWatch.ts';

const signedInAt = Date.parse('2026-11-22T10:00:00Z');
const hour = 3_600_000;
const day = 24 * hour;
const at = (offset: number) => signedInAt + offset;

const hourSession = {
  issued_at: new Date(signedInAt).toISOString(),
  auth_time: new Date(signedInAt).toISOString(),
  expires_at: new Date(signedInAt + hour).toISOString(),
  tenant_id: 1,
  mfa_setup_required: false,
};

describe('sessionHasEnded', () => {
  it('ends a one-hour session ten seconds before its expiry', () => {
    expect(sessionHasEnded(hourSession, false, at(hour - 10_001))).toBe(false);
    expect(sessionHasEnded(hourSession, false, at(hour - 10_000))).toBe(true);
    expect(sessionHasEnded(hourSession, false, at(2 * hour))).toBe(true);
  });

  it('ends a remembered session 30 days after the password was checked', () => {
    const remembered = { ...hourSession, expires_at: new Date(at(60 * day)).toISOString() };
    expect(sessionHasEnded(remembered, true, at(30 * day - 1))).toBe(false);
    expect(sessionHasEnded(remembered, true, at(30 * day))).toBe(true);
  });

  it('ends a remembered session at its own expiry when that comes first', () => {
    const remembered = { ...hourSession, expires_at: new Date(at(7 * day)).toISOString() };
    expect(sessionHasEnded(remembered, true, at(7 * day - 10_000))).toBe(true);
  });

  it('never ends a session on instants it cannot read', () => {
    const unreadable = { ...hourSession, issued_at: 'x', auth_time: 'x', expires_at: 'x' };
    expect(sessionHasEnded(unreadable, true, at(365 * day))).toBe(false);
  });
});
