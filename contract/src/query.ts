import { z } from 'zod';

/** A tenant id as it arrives in a query string or body: a positive integer. */
export const tenantIdParam = z.coerce
  .number({ error: 'tenant_id must be a positive integer.' })
  .int({ error: 'tenant_id must be a positive integer.' })
  .positive({ error: 'tenant_id must be a positive integer.' });

export const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');
