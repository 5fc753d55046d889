CREATE TABLE "member_tallies" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_tallies" ADD CONSTRAINT "member_tallies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Active as the directory counts them (people/repository.ts): approved (2) by an administrator,
-- claimed (2) by the member, not disabled. Statement triggers with transition tables: a bulk
-- import of 500 people moves each tenant's tally once.
CREATE FUNCTION member_is_active(admin_status integer, user_status integer, disabled boolean)
  RETURNS boolean LANGUAGE sql IMMUTABLE
  AS $$ SELECT admin_status = 2 AND user_status = 2 AND NOT disabled $$;
--> statement-breakpoint
CREATE FUNCTION members_tally_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.member_tallies AS t (tenant_id, members)
  SELECT tenant_id,
         count(*) FILTER (WHERE public.member_is_active(admin_status_id, user_status_id, is_disabled))
  FROM added GROUP BY tenant_id
  ON CONFLICT (tenant_id) DO UPDATE SET members = t.members + excluded.members;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER members_tally_added AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION members_tally_added();
--> statement-breakpoint
CREATE FUNCTION members_tally_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.member_tallies AS t SET members = t.members + d.n
  FROM (
    SELECT tenant_id, sum(n) AS n FROM (
      SELECT tenant_id, 1 AS n FROM after
      WHERE public.member_is_active(admin_status_id, user_status_id, is_disabled)
      UNION ALL
      SELECT tenant_id, -1 FROM before
      WHERE public.member_is_active(admin_status_id, user_status_id, is_disabled)) x
    GROUP BY tenant_id) d
  WHERE t.tenant_id = d.tenant_id AND d.n <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER members_tally_changed AFTER UPDATE ON users
  REFERENCING OLD TABLE AS before NEW TABLE AS after
  FOR EACH STATEMENT EXECUTE FUNCTION members_tally_changed();
--> statement-breakpoint
-- An UPDATE, never an upsert: when a tenant is deleted its tally may be gone already.
CREATE FUNCTION members_tally_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.member_tallies AS t SET members = t.members - r.n
  FROM (SELECT tenant_id, count(*) AS n FROM removed
        WHERE public.member_is_active(admin_status_id, user_status_id, is_disabled)
        GROUP BY tenant_id) r
  WHERE t.tenant_id = r.tenant_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER members_tally_removed AFTER DELETE ON users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION members_tally_removed();
--> statement-breakpoint
-- Every tenant gets its row, so the update trigger always finds one.
INSERT INTO member_tallies (tenant_id, members)
SELECT t.id, count(u.id) FILTER (WHERE member_is_active(u.admin_status_id, u.user_status_id, u.is_disabled))
FROM tenants t LEFT JOIN users u ON u.tenant_id = t.id
GROUP BY t.id;
