import type { Deps } from '../context.ts';
import { lookupRoutes } from '../lookups/routes.ts';
import { tenantRoutes } from '../tenants/routes.ts';
import { router } from './openapi.ts';

/**
 * The API's route table, under /api/v1. Each feature's routes.ts declares its routes once from the
 * contract's schemas; the OpenAPI document is generated from the same declarations.
 */
export function apiRoutes(deps: Deps) {
  return router().route('/', tenantRoutes(deps)).route('/', lookupRoutes(deps));
}
