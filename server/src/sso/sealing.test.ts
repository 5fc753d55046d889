import { describe, expect, it } from 'vitest';
import { createSealer } from './sealing.ts';

const SECRET = 'a-secret-key-that-is-long-enough-0123456789';
const NEXT = 'the-next-secret-key-long-enough-9876543210';
const SSO = 'kindling identity providers';

describe('secrets sealed at rest', () => {
  it('opens what it sealed, and never shows the plain text', () => {
    const sealer = createSealer([SECRET], SSO);
    const sealed = sealer.seal(7, 'client-secret');
    expect(sealed).not.toContain('client-secret');
    expect(sealer.open(7, sealed)).toBe('client-secret');
    expect(sealer.seal(7, 'client-secret')).not.toBe(sealed);
  });

  it("refuses another tenant's value and a changed one", () => {
    const sealer = createSealer([SECRET], SSO);
    const sealed = sealer.seal(7, 'client-secret');
    expect(() => sealer.open(8, sealed)).toThrow();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('forged').toString('base64url');
    expect(() => sealer.open(7, parts.join('.'))).toThrow();
    parts[3] = parts[3]?.slice(0, 6) ?? '';
    expect(() => sealer.open(7, parts.join('.'))).toThrow();
  });

  it('opens values of a previous key kept beside the new one, and says which key is missing', () => {
    const old = createSealer([SECRET], SSO).seal(7, 'client-secret');
    expect(createSealer([NEXT, SECRET], SSO).open(7, old)).toBe('client-secret');
    expect(() => createSealer([NEXT], SSO).open(7, old)).toThrow(/does not hold/);
  });

  it('keeps the keys of each purpose apart', () => {
    const sealed = createSealer([SECRET], SSO).seal(7, 'client-secret');
    expect(() => createSealer([SECRET], 'kindling totp secrets').open(7, sealed)).toThrow();
  });
});
