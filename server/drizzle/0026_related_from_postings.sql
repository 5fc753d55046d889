-- Experts for an idea and similar ideas from the postings (issue 16, docs/decisions/0052). Their
-- query ORs a dozen of the idea's words, which tens of thousands of documents of a large tenant
-- match; the GIN index visited each match's row to filter the tenant and rank it. The postings
-- score every match index-only; only the best few hundred are then read.
--
-- The tenant's documents of a kind that hold any lexeme of `query`, never those in `excluded`:
-- each scores the sum over the lexemes it holds of their rarity, ln(1 + documents / holders),
-- doubled for a lexeme in its heading, and names them in `matched`. The `pool` best, ties newest
-- first. The holders are counted from the same read, so a word new since the lexicon's nightly
-- count (search/lexicon-job.ts) weighs what it weighs now.
CREATE FUNCTION public.search_related(corpus smallint, query tsquery, excluded integer[], pool integer)
  RETURNS TABLE (id integer, score real, matched text[])
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
  lexemes text[] := public.search_query_lexemes(query);
  documents double precision := coalesce(CASE corpus
    WHEN 1 THEN (SELECT t.ideas FROM public.idea_tallies t WHERE t.tenant_id = tenant)
    ELSE (SELECT t.members FROM public.member_tallies t WHERE t.tenant_id = tenant) END, 0);
BEGIN
  IF query IS NULL OR numnode(query) = 0 THEN
    RETURN;
  END IF;
  RETURN QUERY
    WITH hits AS MATERIALIZED (
      SELECT p.doc_id, p.lexeme, p.heading FROM public.search_postings p
      WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = ANY (lexemes)
        AND p.doc_id <> ALL (excluded)
    ), rarity AS (
      SELECT h.lexeme, ln(1 + greatest(documents, count(*)) / count(*)) AS weight
      FROM hits h GROUP BY h.lexeme
    )
    SELECT h.doc_id, sum(r.weight * CASE WHEN h.heading THEN 2 ELSE 1 END)::real AS s,
           array_agg(h.lexeme::text)
    FROM hits h JOIN rarity r ON r.lexeme = h.lexeme
    GROUP BY h.doc_id ORDER BY s DESC, h.doc_id DESC LIMIT pool;
END
$$;
--> statement-breakpoint
-- Nothing ranks through the GIN indexes any more: the keyword lists read every match from the
-- postings (search_matches), so the functions that ranked a pool of GIN matches go.
DROP FUNCTION public.search_ideas(tsquery, boolean, integer);--> statement-breakpoint
DROP FUNCTION public.search_people(tsquery, boolean, integer);
