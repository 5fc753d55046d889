-- A relevance page within the scored candidates reads only them (issue 16, decision 0055's
-- addendum). Every scored match ranks above every other (2 + score against 1 or 0), so a page that
-- ends within the first `ranked` rows of the order is the scored candidates' own order: joining
-- every match to the scores and sorting them all (13,509 for `sensor` at the single shape, half
-- the statement) is needed only for the pages beyond. The answers are the same.
CREATE OR REPLACE FUNCTION public.search_ideas_ranked(query tsquery, ranked integer, skip integer, take integer)
  RETURNS TABLE (id integer, rank real, total integer)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
BEGIN
  IF skip + take <= ranked THEN
    RETURN QUERY
      WITH found AS MATERIALIZED (
        SELECT m.id, m.heading FROM public.search_matches(1::smallint, query) m
      ), best AS (
        SELECT f.id FROM found f ORDER BY f.heading DESC, f.id DESC LIMIT ranked
      )
      SELECT b.id, (2 + ts_rank_cd(i.search_doc, query))::real AS r,
             (SELECT count(*)::integer FROM found)
      FROM best b JOIN public.ideas i ON i.tenant_id = tenant AND i.id = b.id
      ORDER BY r DESC, b.id OFFSET skip LIMIT take;
    RETURN;
  END IF;
  RETURN QUERY
    WITH found AS MATERIALIZED (
      SELECT m.id, m.heading FROM public.search_matches(1::smallint, query) m
    ), best AS (
      SELECT f.id FROM found f ORDER BY f.heading DESC, f.id DESC LIMIT ranked
    ), scored AS (
      SELECT b.id, 2 + ts_rank_cd(i.search_doc, query) AS score FROM best b
      JOIN public.ideas i ON i.tenant_id = tenant AND i.id = b.id
    )
    SELECT f.id, coalesce(c.score, f.heading::integer)::real AS r,
           (SELECT count(*)::integer FROM found)
    FROM found f LEFT JOIN scored c ON c.id = f.id
    ORDER BY r DESC, f.id OFFSET skip LIMIT take;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_people_ranked(query tsquery, ranked integer, skip integer, take integer)
  RETURNS TABLE (id integer, rank real, total integer)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
BEGIN
  IF skip + take <= ranked THEN
    RETURN QUERY
      WITH found AS MATERIALIZED (
        SELECT m.id, m.heading FROM public.search_matches(2::smallint, query) m
      ), best AS (
        SELECT f.id FROM found f ORDER BY f.heading DESC, f.id DESC LIMIT ranked
      )
      SELECT b.id, (2 + ts_rank_cd(u.search_doc, query))::real AS r,
             (SELECT count(*)::integer FROM found)
      FROM best b JOIN public.users u ON u.tenant_id = tenant AND u.id = b.id
      ORDER BY r DESC, b.id OFFSET skip LIMIT take;
    RETURN;
  END IF;
  RETURN QUERY
    WITH found AS MATERIALIZED (
      SELECT m.id, m.heading FROM public.search_matches(2::smallint, query) m
    ), best AS (
      SELECT f.id FROM found f ORDER BY f.heading DESC, f.id DESC LIMIT ranked
    ), scored AS (
      SELECT b.id, 2 + ts_rank_cd(u.search_doc, query) AS score FROM best b
      JOIN public.users u ON u.tenant_id = tenant AND u.id = b.id
    )
    SELECT f.id, coalesce(c.score, f.heading::integer)::real AS r,
           (SELECT count(*)::integer FROM found)
    FROM found f LEFT JOIN scored c ON c.id = f.id
    ORDER BY r DESC, f.id OFFSET skip LIMIT take;
END
$$;
