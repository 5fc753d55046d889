import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The non-owner role every request's transaction switches to; row-level security binds it. */
export const APP_ROLE = 'kindling_app';

/**
 * Idempotently creates the application role, grants it the data, and puts a forced row-level
 * security policy on every table that has a `tenant_id` column (and on `tenants` by its id). It
 * runs after every migration, so a table added later cannot be forgotten (docs/decisions/0003).
 */
export async function applyRowLevelSecurity(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`
DO $$
DECLARE
  t record;
  key text;
BEGIN
  BEGIN
    CREATE ROLE ${APP_ROLE} NOLOGIN;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    BEGIN
      EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
    EXCEPTION WHEN insufficient_privilege OR duplicate_object THEN NULL;
    END;
  END IF;
  GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
  FOR t IN
    SELECT c.relname AS name, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND (c.relname = 'tenants' OR EXISTS (
        SELECT 1 FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped))
  LOOP
    key := CASE WHEN t.name = 'tenants' THEN 'id' ELSE 'tenant_id' END;
    IF NOT t.enabled THEN EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.name); END IF;
    IF NOT t.forced THEN EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.name); END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.name AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I TO ${APP_ROLE} USING (%I = nullif(current_setting(''app.tenant_id'', true), '''')::integer) WITH CHECK (%I = nullif(current_setting(''app.tenant_id'', true), '''')::integer)',
        t.name, key, key);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.name AND policyname = 'system_access') THEN
      EXECUTE format('CREATE POLICY system_access ON %I TO %I USING (true) WITH CHECK (true)', t.name, current_user);
    END IF;
  END LOOP;
END
$$;`),
  );
}
