ALTER TABLE "idea_tallies" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The version of what the feed's kept counts count (docs/decisions/0046): every statement that
-- adds or removes ideas, moves one to another school or department (its investigator's, copied),
-- or changes the support types one seeks sets it to its own transaction's id, which no other
-- transaction ever had: a count made at one version is exact for as long as it stands, and one
-- made inside a transaction that rolled back is never matched.
CREATE OR REPLACE FUNCTION ideas_tally_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.idea_tallies AS t (tenant_id, ideas, version)
  SELECT tenant_id, count(*), pg_current_xact_id()::text::bigint FROM added GROUP BY tenant_id
  ON CONFLICT (tenant_id) DO UPDATE SET ideas = t.ideas + excluded.ideas, version = excluded.version;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ideas_tally_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.idea_tallies AS t SET ideas = t.ideas - r.n, version = pg_current_xact_id()::text::bigint
  FROM (SELECT tenant_id, count(*) AS n FROM removed GROUP BY tenant_id) r
  WHERE t.tenant_id = r.tenant_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION ideas_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.idea_tallies AS t SET version = pg_current_xact_id()::text::bigint
  WHERE t.tenant_id IN (
    SELECT n.tenant_id FROM new_ideas n JOIN old_ideas o ON o.tenant_id = n.tenant_id AND o.id = n.id
    WHERE (o.pi_school_id, o.pi_department_id) IS DISTINCT FROM (n.pi_school_id, n.pi_department_id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ideas_count_moved AFTER UPDATE ON ideas
  REFERENCING OLD TABLE AS old_ideas NEW TABLE AS new_ideas
  FOR EACH STATEMENT EXECUTE FUNCTION ideas_count_moved();
--> statement-breakpoint
CREATE FUNCTION idea_supports_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.idea_tallies AS t SET version = pg_current_xact_id()::text::bigint
  WHERE t.tenant_id IN (SELECT tenant_id FROM changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER idea_supports_count_added AFTER INSERT ON idea_supports
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION idea_supports_count_moved();
--> statement-breakpoint
CREATE TRIGGER idea_supports_count_removed AFTER DELETE ON idea_supports
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION idea_supports_count_moved();
--> statement-breakpoint
CREATE TRIGGER idea_supports_count_changed AFTER UPDATE ON idea_supports
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION idea_supports_count_moved();
