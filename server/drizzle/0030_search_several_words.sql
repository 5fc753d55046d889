-- A search of several words no longer makes a tsvector of every matching document's lexemes
-- (issue 16, decision 0060). Before, every posting of every word was grouped by document and each
-- group's lexemes made into a tsvector to test the query: 40 ms for `sensor battery` at the single
-- shape (26,800 postings, no document holding both), 20 ms for `perovskite sensor`, of which the
-- rare word holds five. Now, when the query needs each of its lexemes (words without typo
-- alternatives), a document matches when it holds all of them: a count per document, no tsvector.
-- And when the rarest lexeme the query cannot match without (by the lexicon's counts) is in few
-- documents, only those are looked up on the key, the other lexemes' postings read for them alone.
CREATE OR REPLACE FUNCTION public.search_matches(corpus smallint, query tsquery)
  RETURNS TABLE (id integer, heading boolean)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  tenant integer := public.search_tenant();
  lexemes text[] := public.search_query_lexemes(query);
  -- Up to this many documents are looked up on the key, two lookups a lexeme (in the heading or
  -- not); for more, reading the lexemes' postings whole costs less.
  looked_up constant integer := 200;
  required text[];
  rarest text;
  ids integer[];
BEGIN
  IF query IS NULL OR numnode(query) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(lexemes) = 1 THEN
    RETURN QUERY SELECT p.doc_id, p.heading FROM public.search_postings p
      WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = lexemes[1];
    RETURN;
  END IF;
  -- The lexemes the query cannot match without: each word's own, not one typo alternative of a
  -- word among others.
  required := ARRAY(SELECT l FROM unnest(lexemes) l
                    WHERE NOT array_to_tsvector(array_remove(lexemes, l)) @@ query);
  -- One lookup on the lexicon's key a lexeme. A lexeme it does not hold is in no document (nothing
  -- matches) and comes first; so does one added since the nightly count (`docs` null), a new word
  -- and most likely a rare one: if it is not, reading 201 of its postings finds that out.
  SELECT r INTO rarest FROM unnest(required) r
  ORDER BY (SELECT coalesce(l.docs, 0) FROM public.search_lexemes l
            WHERE l.tenant_id = tenant AND l.kind = corpus AND l.lexeme = r) NULLS FIRST
  LIMIT 1;
  IF rarest IS NOT NULL THEN
    ids := ARRAY(SELECT p.doc_id FROM public.search_postings p
                 WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = rarest
                 LIMIT looked_up + 1);
    IF cardinality(ids) = 0 THEN
      RETURN;
    END IF;
    IF cardinality(ids) <= looked_up THEN
      RETURN QUERY
        SELECT p.doc_id,
               coalesce(array_to_tsvector(array_agg(p.lexeme) FILTER (WHERE p.heading)) @@ query, false)
        FROM public.search_postings p
        WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = ANY (lexemes)
          AND p.heading = ANY ('{false,true}') AND p.doc_id = ANY (ids)
        GROUP BY p.doc_id HAVING array_to_tsvector(array_agg(p.lexeme)) @@ query;
      RETURN;
    END IF;
  END IF;
  IF cardinality(required) = cardinality(lexemes) THEN
    -- One posting per lexeme and document: a document holding them all has as many, and its
    -- heading matches when each is in its heading.
    RETURN QUERY
      SELECT p.doc_id, bool_and(p.heading)
      FROM public.search_postings p
      WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = ANY (lexemes)
      GROUP BY p.doc_id HAVING count(*) = cardinality(lexemes);
    RETURN;
  END IF;
  RETURN QUERY
    SELECT p.doc_id,
           coalesce(array_to_tsvector(array_agg(p.lexeme) FILTER (WHERE p.heading)) @@ query, false)
    FROM public.search_postings p
    WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = ANY (lexemes)
    GROUP BY p.doc_id HAVING array_to_tsvector(array_agg(p.lexeme)) @@ query;
END
$$;
