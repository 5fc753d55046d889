-- Denormalised copies that make the idea feed scale (docs/decisions/0010-recommended-feed.md):
-- each idea carries its principal investigator's school and department, and each tenant its
-- number of ideas. Triggers keep both true whoever writes (API, seeds, CLI); they run as the
-- caller, so row-level security applies to what they touch.

CREATE FUNCTION ideas_copy_pi_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.school_id, u.department_id INTO NEW.pi_school_id, NEW.pi_department_id
  FROM public.users u
  WHERE u.tenant_id = NEW.tenant_id AND u.id = NEW.principal_investigator_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ideas_copy_pi_place BEFORE INSERT OR UPDATE OF principal_investigator_id ON ideas
  FOR EACH ROW EXECUTE FUNCTION ideas_copy_pi_place();
--> statement-breakpoint
CREATE FUNCTION users_move_ideas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.ideas SET pi_school_id = NEW.school_id, pi_department_id = NEW.department_id
  WHERE tenant_id = NEW.tenant_id AND principal_investigator_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_move_ideas AFTER UPDATE OF school_id, department_id ON users
  FOR EACH ROW
  WHEN (OLD.school_id IS DISTINCT FROM NEW.school_id
        OR OLD.department_id IS DISTINCT FROM NEW.department_id)
  EXECUTE FUNCTION users_move_ideas();
--> statement-breakpoint
CREATE FUNCTION ideas_tally_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.idea_tallies AS t (tenant_id, ideas)
  SELECT tenant_id, count(*) FROM added GROUP BY tenant_id
  ON CONFLICT (tenant_id) DO UPDATE SET ideas = t.ideas + excluded.ideas;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ideas_tally_added AFTER INSERT ON ideas
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ideas_tally_added();
--> statement-breakpoint
-- An UPDATE, never an upsert: when a tenant is deleted its tally may be gone already.
CREATE FUNCTION ideas_tally_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.idea_tallies AS t SET ideas = t.ideas - r.n
  FROM (SELECT tenant_id, count(*) AS n FROM removed GROUP BY tenant_id) r
  WHERE t.tenant_id = r.tenant_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ideas_tally_removed AFTER DELETE ON ideas
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION ideas_tally_removed();
--> statement-breakpoint
UPDATE ideas i SET pi_school_id = u.school_id, pi_department_id = u.department_id
FROM users u WHERE u.tenant_id = i.tenant_id AND u.id = i.principal_investigator_id;
--> statement-breakpoint
INSERT INTO idea_tallies (tenant_id, ideas)
SELECT tenant_id, count(*) FROM ideas GROUP BY tenant_id;
