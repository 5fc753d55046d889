import {
  type AdminSecurity,
  type MfaStatusAnswer,
  mfaMessages,
  type TotpSetupAnswer,
} from '@kindling/contract';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record.ts';
import { reauthenticate } from '../auth/reauthentication.ts';
import type { Deps, SessionContext } from '../context.ts';
import { accounts } from '../db/schema-auth.ts';
import { users } from '../db/schema-people.ts';
import { tenants } from '../db/schema-tenants.ts';
import { inTenant } from '../db/tenant-scope.ts';
import { AppError, conflict } from '../http/errors.ts';
import {
  findAuthenticator,
  removeSecondFactor,
  replaceRecoveryCodes,
  saveSetup,
  secondFactorOf,
  useStep,
} from './repository.ts';
import { newRecoveryCodes, newSecret, otpauthUrl, recoveryCodeHash, stepOfCode } from './totp.ts';

/** `GET /auth/mfa`: the member's second factor as the account screen shows it. */
export async function mfaStatus(deps: Deps, session: SessionContext): Promise<MfaStatusAnswer> {
  return inTenant(deps.database.db, session.tenantId, async (tx) => {
    const factor = await secondFactorOf(tx, session.tenantId, session.userId);
    const [account] = await tx
      .select({ passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(and(eq(accounts.tenantId, session.tenantId), eq(accounts.userId, session.userId)));
    return {
      totp: factor.totp,
      recovery_codes_left: factor.codesLeft,
      has_password: Boolean(account?.passwordHash),
    };
  });
}

/** `POST /auth/mfa/totp`: a new secret, not yet a second factor until a code confirms it. */
export async function startTotpSetup(
  deps: Deps,
  session: SessionContext,
): Promise<TotpSetupAnswer> {
  return inTenant(deps.database.db, session.tenantId, async (tx) => {
    const existing = await findAuthenticator(tx, session.tenantId, session.userId);
    if (existing?.enabledAt) throw conflict(mfaMessages.alreadyOn);
    const [who] = await tx
      .select({ email: users.email, tenantName: tenants.name })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(and(eq(users.tenantId, session.tenantId), eq(users.id, session.userId)));
    if (!who) throw new AppError('UNAUTHORIZED');
    const { secret, sealed } = newSecret(deps.config, session.tenantId);
    await saveSetup(tx, {
      tenantId: session.tenantId,
      userId: session.userId,
      secretSealed: sealed,
    });
    return { secret, otpauth_url: otpauthUrl(secret, who.tenantName, who.email) };
  });
}

/**
 * `POST /auth/mfa/totp/enable`: a right code turns the authenticator on and makes ten recovery
 * codes, shown this once; only their HMACs are kept. Audited.
 */
export async function enableTotp(
  deps: Deps,
  session: SessionContext,
  code: string,
): Promise<string[]> {
  const now = deps.now();
  return inTenant(deps.database.db, session.tenantId, async (tx) => {
    const setup = await findAuthenticator(tx, session.tenantId, session.userId);
    if (setup?.enabledAt) throw conflict(mfaMessages.alreadyOn);
    if (!setup) throw conflict(mfaMessages.notStarted);
    const step = await stepOfCode(deps.config, session.tenantId, setup.secretSealed, code, now);
    if (step === null || !(await useStep(tx, session.tenantId, session.userId, step, now, true))) {
      throw new AppError('CODE_MISMATCH', mfaMessages.codeMismatch, [
        { field: 'code', error: mfaMessages.codeMismatch },
      ]);
    }
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(
      tx,
      session.tenantId,
      session.userId,
      codes.map((one) => recoveryCodeHash(deps.config, session.userId, one)),
    );
    await recordAudit(tx, {
      tenantId: session.tenantId,
      actorId: session.userId,
      action: 'mfa.enable',
      targetType: 'user',
      targetId: session.userId,
      summary: 'Turned on two-step verification with an authenticator app',
    });
    return codes;
  });
}

/** `DELETE /auth/mfa/totp`: after the member proves it is them (auth/reauthentication.ts). Audited. */
export async function disableTotp(
  deps: Deps,
  session: SessionContext,
  password: string | undefined,
): Promise<void> {
  await reauthenticate(deps, session, password, {
    field: 'password',
    missing: mfaMessages.password,
    incorrect: mfaMessages.passwordIncorrect,
    signInAgain: mfaMessages.reauthenticate,
  });
  await inTenant(deps.database.db, session.tenantId, async (tx) => {
    if (!(await removeSecondFactor(tx, session.tenantId, session.userId))) {
      throw conflict(mfaMessages.notOn);
    }
    await recordAudit(tx, {
      tenantId: session.tenantId,
      actorId: session.userId,
      action: 'mfa.disable',
      targetType: 'user',
      targetId: session.userId,
      summary: 'Turned off two-step verification',
    });
  });
}

export async function adminSecurity(deps: Deps, tenantId: number): Promise<AdminSecurity> {
  const [row] = await inTenant(deps.database.db, tenantId, (tx) =>
    tx
      .select({ required: tenants.requireMfaForAdmins })
      .from(tenants)
      .where(eq(tenants.id, tenantId)),
  );
  return { require_mfa_for_admins: row?.required ?? false };
}

/** `PUT /admin/security`: audited when it changes; applies from each administrator's next call. */
export async function saveAdminSecurity(
  deps: Deps,
  session: SessionContext,
  sent: AdminSecurity,
): Promise<AdminSecurity> {
  return inTenant(deps.database.db, session.tenantId, async (tx) => {
    const [before] = await tx
      .select({ required: tenants.requireMfaForAdmins })
      .from(tenants)
      .where(eq(tenants.id, session.tenantId))
      .for('update');
    const required = sent.require_mfa_for_admins;
    // Turning it on without a second factor of one's own would lock the console at once.
    if (required && !(await secondFactorOf(tx, session.tenantId, session.userId)).any) {
      throw conflict(mfaMessages.ownFirst);
    }
    if (before && before.required !== required) {
      await tx
        .update(tenants)
        .set({ requireMfaForAdmins: required })
        .where(eq(tenants.id, session.tenantId));
      await recordAudit(tx, {
        tenantId: session.tenantId,
        actorId: session.userId,
        action: 'security.update',
        targetType: 'tenant',
        targetId: session.tenantId,
        summary: required
          ? 'Required two-step verification of every administrator'
          : 'Stopped requiring two-step verification of administrators',
        detail: { require_mfa_for_admins: { from: before.required, to: required } },
      });
    }
    return { require_mfa_for_admins: required };
  });
}
