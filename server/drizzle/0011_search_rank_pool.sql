-- Relevance order at the size of a large university (issue 16, decision 0029): every match is
-- returned, so counts and pages stay exact, but only the newest `ranked` matches are scored with
-- ts_rank_cd, which reads each document and cost two thirds of a search for a word that 13,000
-- of 200,000 ideas hold. The others score 0 and follow, oldest first. Newest is the stored weight
-- because the feed and the directory already favour recent ideas and members.
CREATE FUNCTION public.search_ideas_ranked(query tsquery, ranked integer)
  RETURNS TABLE (id integer, rank real)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
BEGIN
  IF query IS NULL OR numnode(query) = 0 THEN
    RETURN;
  END IF;
  RETURN QUERY
    WITH found AS MATERIALIZED (
      SELECT i.id FROM public.ideas i WHERE i.tenant_id = tenant AND i.search_doc @@ query
    ), scored AS (
      SELECT i.id, ts_rank_cd(i.search_doc, query) AS score
      FROM (SELECT f.id FROM found f ORDER BY f.id DESC LIMIT ranked) newest
      JOIN public.ideas i ON i.tenant_id = tenant AND i.id = newest.id
    )
    SELECT f.id, coalesce(s.score, 0)::real FROM found f LEFT JOIN scored s ON s.id = f.id;
END
$$;
--> statement-breakpoint
-- The same for active members (approved, claimed, not disabled), newest members scored first.
CREATE FUNCTION public.search_people_ranked(query tsquery, ranked integer)
  RETURNS TABLE (id integer, rank real)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
BEGIN
  IF query IS NULL OR numnode(query) = 0 THEN
    RETURN;
  END IF;
  RETURN QUERY
    WITH found AS MATERIALIZED (
      SELECT u.id FROM public.users u
      WHERE u.tenant_id = tenant AND u.search_doc @@ query
        AND u.admin_status_id = 2 AND u.user_status_id = 2 AND NOT u.is_disabled
    ), scored AS (
      SELECT u.id, ts_rank_cd(u.search_doc, query) AS score
      FROM (SELECT f.id FROM found f ORDER BY f.id DESC LIMIT ranked) newest
      JOIN public.users u ON u.tenant_id = tenant AND u.id = newest.id
    )
    SELECT f.id, coalesce(s.score, 0)::real FROM found f LEFT JOIN scored s ON s.id = f.id;
END
$$;
