import type {
  MfaStatusAnswer,
  RecoveryCodesAnswer,
  TotpDisableBody,
  TotpSetupAnswer,
} from '@kindling/contract';
import { api } from '../api/client.ts';

export const mfaStatusKey = ['account', 'mfa'] as const;

export const fetchMfaStatus = (signal?: AbortSignal): Promise<MfaStatusAnswer> =>
  api.get('/auth/mfa', { signal });

export const startTotpSetup = (): Promise<TotpSetupAnswer> => api.post('/auth/mfa/totp');

export const enableTotp = (code: string): Promise<RecoveryCodesAnswer> =>
  api.post('/auth/mfa/totp/enable', { body: { code } });

export const disableTotp = (body: TotpDisableBody): Promise<{ message: string }> =>
  api.delete('/auth/mfa/totp', { body });
