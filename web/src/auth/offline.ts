import { isApiError } from '../api/apiError.ts';
import { showToast } from '../shell/showToast.ts';
import { OFFLINE_MESSAGE } from './authMessages.ts';

/** The sign-in screens tell a lost connection in a toast (SPEC §8), not above their form. */
export function toastIfOffline(error: unknown) {
  if (isApiError(error, 'ERR_NETWORK')) showToast(OFFLINE_MESSAGE, 'error');
}
