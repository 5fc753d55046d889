-- Experts for an idea and similar ideas from the postings (issue 16, docs/decisions/0052). Their
-- query ORs a dozen of the idea's words, which tens of thousands of documents of a large tenant
-- match; the GIN index visited each match's row to filter the tenant and rank it. The postings
-- score every match index-only; only the best few hundred are then read.
--
-- The 200 documents of a kind of the tenant that best match the OR `query`, never those in
-- `excluded`: each scores the sum over the lexemes it holds of their rarity,
-- ln(1 + documents / holders), doubled for a lexeme in its heading; ties newest first. Holders are
-- the lexicon's nightly count (search/lexicon-job.ts); a word not counted yet is new, so taken as
-- held by one document. Weighing each lexeme before the read lets one pass score the documents.
CREATE FUNCTION public.search_related(corpus smallint, query tsquery, excluded integer[])
  RETURNS TABLE (id integer, score real)
  LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 200 SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
  lexemes text[] := public.search_query_lexemes(query);
  documents double precision := coalesce(CASE corpus
    WHEN 1 THEN (SELECT t.ideas FROM public.idea_tallies t WHERE t.tenant_id = tenant)
    ELSE (SELECT t.members FROM public.member_tallies t WHERE t.tenant_id = tenant) END, 0);
  weights double precision[];
BEGIN
  IF query IS NULL OR numnode(query) = 0 THEN
    RETURN;
  END IF;
  SELECT array_agg(ln(1 + greatest(documents, h.n) / h.n) ORDER BY l.i) INTO weights
  FROM unnest(lexemes) WITH ORDINALITY l(lexeme, i)
  LEFT JOIN public.search_lexemes s
    ON s.tenant_id = tenant AND s.kind = corpus AND s.lexeme = l.lexeme,
  LATERAL (SELECT greatest(coalesce(s.docs, 1), 1)::double precision AS n) h;
  RETURN QUERY
    SELECT p.doc_id, sum(w.weight * CASE WHEN p.heading THEN 2 ELSE 1 END)::real AS s
    FROM unnest(lexemes, weights) w(lexeme, weight)
    JOIN public.search_postings p
      ON p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = w.lexeme
    WHERE p.doc_id <> ALL (excluded)
    GROUP BY p.doc_id ORDER BY s DESC, p.doc_id DESC LIMIT 200;
END
$$;
--> statement-breakpoint
-- Nothing ranks through the GIN indexes any more: the keyword lists read every match from the
-- postings (search_matches), so the functions that ranked a pool of GIN matches go.
DROP FUNCTION public.search_ideas(tsquery, boolean, integer);--> statement-breakpoint
DROP FUNCTION public.search_people(tsquery, boolean, integer);
