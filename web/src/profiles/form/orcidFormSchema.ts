import { zodResolver } from '@hookform/resolvers/zod';
import { orcidBody } from '@kindling/contract';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

/** The ORCID iD field as typed: blank removes the iD, anything else is checked as ORCID does. */
export const orcidFormResolver = zodResolver(
  z.object({
    orcid: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      orcidBody.shape.orcid,
    ),
  }),
) as Resolver<{ orcid: string }, unknown, { orcid: string | null }>;
