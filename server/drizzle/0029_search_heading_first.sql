-- A one-word search picks its scored candidates from the postings' own order (issue 16, decision
-- 0059). The key now puts `heading` before the document, so the best `ranked` matches of one
-- lexeme (heading first, newest first) are the first entries of a backward index walk, where every
-- match went through search_matches' result set, a materialised copy and a sort (13,509 rows for
-- `sensor` at the single shape, two thirds of the statement); the count reads the same key range
-- index-only. Queries of several lexemes keep search_matches.
ALTER TABLE "search_postings" DROP CONSTRAINT "search_postings_tenant_id_kind_lexeme_doc_id_heading_pk";--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_tenant_id_kind_lexeme_heading_doc_id_pk" PRIMARY KEY("tenant_id","kind","lexeme","heading","doc_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_postings_load(corpus smallint, first_id integer, last_id integer)
  RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tenant integer := public.search_tenant();
BEGIN
  IF corpus = 1 THEN
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT i.tenant_id, 1, l.lexeme, i.id, l.heading
    FROM public.ideas i, public.search_postings_of(i.search_doc, '{A}') l
    WHERE i.tenant_id = tenant AND i.id BETWEEN first_id AND last_id
    ORDER BY 3, 5, 4
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT u.tenant_id, 2, l.lexeme, u.id, l.heading
    FROM public.users u, public.person_postings(u) l
    WHERE u.tenant_id = tenant AND u.id BETWEEN first_id AND last_id
    ORDER BY 3, 5, 4
    ON CONFLICT DO NOTHING;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_ideas_ranked(query tsquery, ranked integer, skip integer, take integer)
  RETURNS TABLE (id integer, rank real, total integer)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
  lexemes text[] := public.search_query_lexemes(query);
BEGIN
  IF skip + take <= ranked AND cardinality(lexemes) = 1 AND numnode(query) > 0 THEN
    RETURN QUERY
      WITH best AS (
        SELECT p.doc_id FROM public.search_postings p
        WHERE p.tenant_id = tenant AND p.kind = 1 AND p.lexeme = lexemes[1]
        ORDER BY p.heading DESC, p.doc_id DESC LIMIT ranked
      )
      SELECT b.doc_id, (2 + ts_rank_cd(i.search_doc, query))::real AS r,
             (SELECT count(*)::integer FROM public.search_postings p
              WHERE p.tenant_id = tenant AND p.kind = 1 AND p.lexeme = lexemes[1])
      FROM best b JOIN public.ideas i ON i.tenant_id = tenant AND i.id = b.doc_id
      ORDER BY r DESC, b.doc_id OFFSET skip LIMIT take;
    RETURN;
  END IF;
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
  lexemes text[] := public.search_query_lexemes(query);
BEGIN
  IF skip + take <= ranked AND cardinality(lexemes) = 1 AND numnode(query) > 0 THEN
    RETURN QUERY
      WITH best AS (
        SELECT p.doc_id FROM public.search_postings p
        WHERE p.tenant_id = tenant AND p.kind = 2 AND p.lexeme = lexemes[1]
        ORDER BY p.heading DESC, p.doc_id DESC LIMIT ranked
      )
      SELECT b.doc_id, (2 + ts_rank_cd(u.search_doc, query))::real AS r,
             (SELECT count(*)::integer FROM public.search_postings p
              WHERE p.tenant_id = tenant AND p.kind = 2 AND p.lexeme = lexemes[1])
      FROM best b JOIN public.users u ON u.tenant_id = tenant AND u.id = b.doc_id
      ORDER BY r DESC, b.doc_id OFFSET skip LIMIT take;
    RETURN;
  END IF;
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
--> statement-breakpoint
-- A keyword list without other filters now runs its transaction under generic plans (decision
-- 0059): the functions' statements are key-range reads whose plan is the same for any word, and
-- planning them anew on each call cost a rare word's page most of its time. Finding the documents
-- that hold several words is the exception (a generic plan of the grouping took 40 ms where a
-- custom one took 26 for two common words), so it plans for its words whatever the caller's mode.
ALTER FUNCTION public.search_matches(smallint, tsquery) SET plan_cache_mode = force_custom_plan;
