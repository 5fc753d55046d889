import { zodResolver } from '@hookform/resolvers/zod';
import { totpEnableBody } from '@kindling/contract';

/** Loaded on first use (forms/lazyResolver.ts), so the account screen's chunk carries no zod. */
export const totpEnableResolver = zodResolver(totpEnableBody);
