CREATE TABLE "notification_tallies" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_tallies_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notification_tallies" ADD CONSTRAINT "notification_tallies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_tallies" ADD CONSTRAINT "notification_tallies_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The bell's unread count and the list's page count read one row here (decision 0033's tallies):
-- statement triggers with transition tables, so marking 10,000 notifications read moves the
-- member's tally once.
INSERT INTO notification_tallies (tenant_id, user_id, total, unread)
SELECT tenant_id, recipient_id, count(*), count(*) FILTER (WHERE read_at IS NULL)
FROM notifications GROUP BY tenant_id, recipient_id;
--> statement-breakpoint
CREATE FUNCTION notifications_tally_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.notification_tallies AS t (tenant_id, user_id, total, unread)
  SELECT tenant_id, recipient_id, count(*), count(*) FILTER (WHERE read_at IS NULL)
  FROM added GROUP BY tenant_id, recipient_id
  ON CONFLICT (tenant_id, user_id) DO UPDATE
    SET total = t.total + excluded.total, unread = t.unread + excluded.unread;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_tally_added AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notifications_tally_added();
--> statement-breakpoint
-- Only reading moves a tally; an update that marks mail sent changes nothing here.
CREATE FUNCTION notifications_tally_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.notification_tallies AS t SET unread = t.unread + d.delta
  FROM (
    SELECT tenant_id, recipient_id, sum(delta) AS delta FROM (
      SELECT tenant_id, recipient_id, CASE WHEN read_at IS NULL THEN 1 ELSE 0 END AS delta
      FROM new_rows
      UNION ALL
      SELECT tenant_id, recipient_id, CASE WHEN read_at IS NULL THEN -1 ELSE 0 END
      FROM old_rows) x
    GROUP BY tenant_id, recipient_id
    HAVING sum(delta) <> 0) d
  WHERE t.tenant_id = d.tenant_id AND t.user_id = d.recipient_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_tally_changed AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_tally_changed();
--> statement-breakpoint
-- An UPDATE, never an upsert: when the member is deleted their tally may be gone already.
CREATE FUNCTION notifications_tally_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.notification_tallies AS t SET total = t.total - r.n, unread = t.unread - r.u
  FROM (SELECT tenant_id, recipient_id, count(*) AS n,
               count(*) FILTER (WHERE read_at IS NULL) AS u
        FROM removed GROUP BY tenant_id, recipient_id) r
  WHERE t.tenant_id = r.tenant_id AND t.user_id = r.recipient_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_tally_removed AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notifications_tally_removed();
