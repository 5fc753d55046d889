-- The synthetic seed's bulk path for the postings (issue 16, docs/decisions/0057). The seed writes
-- a tenant's ideas, then their links and patents, each of which rewrites the ideas' documents: the
-- statement triggers then replaced every posting of 66,000 ideas twice, each deletion a random
-- probe of a key of 7 million rows (22 minutes before the seed was stopped). A transaction that
-- sets app.defer_postings leaves the triggers idle and loads its documents' postings once,
-- sorted, when they are final (search_postings_load).
CREATE FUNCTION public.search_postings_deferred() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.defer_postings', true), '') = 'on'
$$;
--> statement-breakpoint
DROP TRIGGER ideas_postings_added ON ideas;--> statement-breakpoint
DROP TRIGGER ideas_postings_changed ON ideas;--> statement-breakpoint
DROP TRIGGER ideas_postings_removed ON ideas;--> statement-breakpoint
DROP TRIGGER users_postings_added ON users;--> statement-breakpoint
DROP TRIGGER users_postings_changed ON users;--> statement-breakpoint
DROP TRIGGER users_postings_removed ON users;--> statement-breakpoint
CREATE TRIGGER ideas_postings_added AFTER INSERT ON ideas
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  WHEN (NOT public.search_postings_deferred()) EXECUTE FUNCTION public.idea_postings_written();
--> statement-breakpoint
CREATE TRIGGER ideas_postings_changed AFTER UPDATE ON ideas
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT
  WHEN (NOT public.search_postings_deferred()) EXECUTE FUNCTION public.idea_postings_written();
--> statement-breakpoint
CREATE TRIGGER ideas_postings_removed AFTER DELETE ON ideas
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  WHEN (NOT public.search_postings_deferred()) EXECUTE FUNCTION public.idea_postings_written();
--> statement-breakpoint
CREATE TRIGGER users_postings_added AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  WHEN (NOT public.search_postings_deferred()) EXECUTE FUNCTION public.person_postings_written();
--> statement-breakpoint
CREATE TRIGGER users_postings_changed AFTER UPDATE ON users
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT
  WHEN (NOT public.search_postings_deferred()) EXECUTE FUNCTION public.person_postings_written();
--> statement-breakpoint
CREATE TRIGGER users_postings_removed AFTER DELETE ON users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  WHEN (NOT public.search_postings_deferred()) EXECUTE FUNCTION public.person_postings_written();
--> statement-breakpoint
-- The postings of the bound tenant's documents of a kind with ids in [first_id, last_id], written
-- while deferred, in key order. A document another transaction wrote inside the range has its
-- postings from its own triggers already: they are the same rows, so a conflict is skipped.
CREATE FUNCTION public.search_postings_load(corpus smallint, first_id integer, last_id integer)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tenant integer := public.search_tenant();
BEGIN
  IF corpus = 1 THEN
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT i.tenant_id, 1, l.lexeme, i.id, l.heading
    FROM public.ideas i, public.search_postings_of(i.search_doc, '{A}') l
    WHERE i.tenant_id = tenant AND i.id BETWEEN first_id AND last_id
    ORDER BY 3, 4, 5
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT u.tenant_id, 2, l.lexeme, u.id, l.heading
    FROM public.users u, public.person_postings(u) l
    WHERE u.tenant_id = tenant AND u.id BETWEEN first_id AND last_id
    ORDER BY 3, 4, 5
    ON CONFLICT DO NOTHING;
  END IF;
END
$$;
