import { zodResolver } from '@hookform/resolvers/zod';
import { createProfileBody } from '@kindling/contract';
import type { z } from 'zod';

export type CreateProfileInput = z.input<typeof createProfileBody>;
export type CreateProfileOutput = z.output<typeof createProfileBody>;

export const createProfileResolver = zodResolver(createProfileBody);
