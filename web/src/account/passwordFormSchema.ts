import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeBody } from '@kindling/contract';
import type { z } from 'zod';

export type PasswordChangeInput = z.input<typeof passwordChangeBody>;

export const passwordChangeResolver = zodResolver(passwordChangeBody);
