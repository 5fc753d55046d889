import { forgotPasswordMessages } from '@kindling/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { giveAccount, jsonInit, makeTenant, makeUser } from '../../test/factories.ts';
import { lastMailTo, resetCodeOf } from '../../test/mail.ts';

/**
 * The race is in the database: attempts at one code whose transactions overlap. On a machine with
 * a free core per request their password hashes run side by side and they do; on two cores the one
 * hashing slot (password.ts) lines them up and hides it. Hashing is made instant here, so the
 * transactions overlap on PostgreSQL as they would there (the embedded database runs one
 * transaction at a time, where the race cannot happen). test/races/ has the same limit against a
 * real server process.
 */
vi.mock('./password.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./password.ts')>()),
  hashPassword: async (password: string) => `instant:${password}`,
}));

describe('reset codes under concurrent attempts', () => {
  let t: TestApp;
  let tenantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    tenantId = (await makeTenant(t.db)).tenantId;
  });
  afterAll(() => t.close());

  it('judges at most 5 attempts at one code, and at most one uses it', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await makeUser(t.db, tenantId, { email: `race${round}@alpha.edu` });
      await giveAccount(t.db, tenantId, user.id);
      await t.request(
        '/api/v1/auth/forgot-password',
        jsonInit('POST', { email: user.email, tenant_id: tenantId }),
      );
      const code = resetCodeOf((await lastMailTo(t.db, tenantId, user.email)).textBody);
      const wrong = (n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
      // Wrong codes, and the right one sent three times among them.
      const answers = await Promise.all(
        Array.from({ length: 30 }, async (_, n) => {
          const res = await t.request(
            '/api/v1/auth/reset-password',
            jsonInit('POST', {
              email: user.email,
              code: n % 10 === 9 ? code : wrong(n),
              password: `New!Passw0rd${n}`,
              tenant_id: tenantId,
            }),
          );
          return res.status === 200 ? 'reset' : ((await res.json()).message as string);
        }),
      );
      const count = (message: string) => answers.filter((m) => m === message).length;
      const judged =
        count('reset') +
        count(forgotPasswordMessages.codeMismatch) +
        count(forgotPasswordMessages.attemptLimit);
      expect(judged, answers.join(' | ')).toBeLessThanOrEqual(5);
      expect(count('reset')).toBeLessThanOrEqual(1);
      expect(count(forgotPasswordMessages.attemptLimit)).toBeLessThanOrEqual(1);
    }
  });
});
