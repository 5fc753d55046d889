import { readFileSync } from 'node:fs';
import {
  brandingOverridesBody,
  commentBody,
  ideaBody,
  interestAnswers,
  interestBody,
  lookupNameBody,
  orcidBody,
  permissionNames,
  profileUpdateBody,
  status,
} from '@kindling/contract';
import { z } from 'zod';
import { demoDatasetFile } from '../paths.ts';

/**
 * The demo university's file (university.json), checked with the schemas the API checks the same
 * content with: a profile as PUT /profiles/{id} takes it, an idea as POST /ideas does, its comments
 * and interest requests as their calls do, branding as PUT /admin/branding. What the file names by key or name (people, schools, support types, IP
 * statuses) the seed turns into ids.
 */

/** A profile as its owner saves it; school and department are named on the person instead. */
const savedProfile = profileUpdateBody.omit({
  school_id: true,
  department_id: true,
  profile_image_url: true,
});
/** Someone who never saved a profile (a pending request, an unclaimed one): no bio yet. */
const unsavedProfile = savedProfile.extend({ bio: z.literal('') });

const statusId = z.union([
  z.literal(status.pending),
  z.literal(status.approved),
  z.literal(status.declined),
]);

const person = z.object({
  /** How ideas and follows name the person; the e-mail's local part when `email` is absent. */
  key: z.string().regex(/^[a-z]+$/),
  email: z.email().optional(),
  role_id: z.number().int().min(1).max(4),
  school: z.string(),
  department: z.string(),
  admin_status_id: statusId.default(status.approved),
  user_status_id: statusId.default(status.approved),
  /** Whether the person has claimed the profile and so has a password. */
  claimed: z.boolean().default(true),
  /** Beyond the role's; 'admin' gives every permission. */
  extra_permissions: z.array(z.enum(permissionNames)).default([]),
  /** For one awaiting approval: when they asked to join, which the administrator was told of. */
  requested_days_ago: z.number().int().min(0).optional(),
  profile: z.union([savedProfile, unsavedProfile]),
  /** CONTRACT §10: the person's ORCID iD, and whether they linked it through ORCID's sign-in. */
  orcid: orcidBody.shape.orcid.optional(),
  orcid_verified: z.boolean().default(false),
});

const idea = ideaBody.omit({ ip_status_id: true, support_ids: true }).extend({
  /** Names of the tenant's default support types and IP statuses. */
  support: z.array(z.string()),
  ip_status: z.string().nullable(),
  /** Person keys. */
  principal_investigator: z.string(),
  case_manager: z.string().nullable(),
  followers: z.array(z.string()),
  posted_days_ago: z.number().int().min(0),
  /** When its principal investigator last saved it, which its followers were told of. */
  updated_days_ago: z.number().int().min(0).optional(),
  /** The discussion on its page (CONTRACT §9), each checked as POST /ideas/{id}/comments is. */
  comments: z
    .array(commentBody.extend({ by: z.string(), days_ago: z.number().int().min(0) }))
    .default([]),
  /** Expressions of interest, each answered or not by the principal investigator. */
  interest: z
    .array(
      interestBody.extend({
        by: z.string(),
        days_ago: z.number().int().min(0),
        answer: z
          .object({
            status: z.enum(interestAnswers),
            reason: z.string().default(''),
            days_ago: z.number().int().min(0),
          })
          .nullable()
          .default(null),
      }),
    )
    .default([]),
});

const demoDatasetSchema = z
  .object({
    tenant: z.object({ domain: z.string(), name: z.string(), branding: brandingOverridesBody }),
    schools: z.array(lookupNameBody.extend({ departments: z.array(lookupNameBody.shape.name) })),
    people: z.array(person),
    ideas: z.array(idea),
  })
  .superRefine((dataset, ctx) => {
    const keys = new Set(dataset.people.map((p) => p.key));
    const places = new Set(
      dataset.schools.flatMap((school) => school.departments.map((d) => `${school.name}/${d}`)),
    );
    for (const [index, p] of dataset.people.entries()) {
      if (!places.has(`${p.school}/${p.department}`)) {
        ctx.addIssue({ code: 'custom', path: ['people', index], message: 'unknown department' });
      }
    }
    for (const [index, i] of dataset.ideas.entries()) {
      const voices = [...i.comments, ...i.interest].map((entry) => entry.by);
      for (const key of [i.principal_investigator, i.case_manager, ...i.followers, ...voices]) {
        if (key !== null && !keys.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['ideas', index],
            message: `unknown person ${key}`,
          });
        }
      }
    }
    if (keys.size !== dataset.people.length) {
      ctx.addIssue({ code: 'custom', path: ['people'], message: 'two people share a key' });
    }
    if (dataset.people.filter((p) => p.extra_permissions.includes('admin')).length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['people'], message: 'one administrator, exactly' });
    }
  });

export type DemoDataset = z.output<typeof demoDatasetSchema>;
export type DemoPerson = DemoDataset['people'][number];

/** The demo university, read and checked; a file the schemas refuse stops the seed with the reason. */
export function loadDemoDataset(file: string = demoDatasetFile): DemoDataset {
  const parsed = demoDatasetSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${file} is not a valid demo dataset:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
