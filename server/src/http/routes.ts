import { consoleRoutes } from '../admin/console-routes.ts';
import { adminRoutes } from '../admin/routes.ts';
import { auditRoutes } from '../audit/routes.ts';
import { authRoutes } from '../auth/routes.ts';
import { brandingRoutes } from '../branding/routes.ts';
import type { Deps } from '../context.ts';
import { adminIdeaRoutes } from '../ideas/admin-routes.ts';
import { ideaRoutes } from '../ideas/routes.ts';
import { importRoutes } from '../imports/routes.ts';
import { invitationRoutes } from '../invitations/routes.ts';
import { lookupRoutes } from '../lookups/routes.ts';
import { peopleRoutes } from '../people/routes.ts';
import { profileRoutes } from '../profiles/routes.ts';
import { referenceRoutes } from '../reference/routes.ts';
import { tenantRoutes } from '../tenants/routes.ts';
import { router } from './openapi.ts';

/**
 * The API's route table, under /api/v1. Each feature's routes.ts declares its routes once from the
 * contract's schemas; the OpenAPI document is generated from the same declarations.
 */
export function apiRoutes(deps: Deps) {
  return router()
    .route('/', tenantRoutes(deps))
    .route('/', lookupRoutes(deps))
    .route('/', ideaRoutes(deps))
    .route('/', peopleRoutes(deps))
    .route('/', profileRoutes(deps))
    .route('/', authRoutes(deps))
    .route('/', invitationRoutes(deps))
    .route('/', adminRoutes(deps))
    .route('/', consoleRoutes(deps))
    .route('/', auditRoutes(deps))
    .route('/', referenceRoutes(deps))
    .route('/', importRoutes(deps))
    .route('/', brandingRoutes(deps))
    .route('/', adminIdeaRoutes(deps));
}
