CREATE TABLE "search_versions" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"ideas" bigint DEFAULT 0 NOT NULL,
	"people" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_versions" ADD CONSTRAINT "search_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A keyword search's count kept by version (issue 16, decision 0063). The version of a tenant's
-- postings of a kind is the id of the last transaction that changed them, written as that
-- transaction commits (a deferred trigger, once a transaction, tenant and kind): the change and
-- its version become visible together, so a count read in one snapshot with the version is the
-- count of every snapshot that sees the same version. A transaction that rolled back never shows
-- its id; one that changed postings and searches before committing does not see its own version
-- and keeps no count (search_changed). One row a tenant holds both kinds, so a transaction that
-- changes both takes one lock, at its commit, after every other.
CREATE FUNCTION public.search_changed(tenant integer, corpus smallint) RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.search_changed_' || tenant || '_' || corpus, true), '') = 'on'
$$;
--> statement-breakpoint
-- True for a transaction's first change of a tenant's postings of a kind, which queues the
-- version's write; the rest queue nothing.
CREATE FUNCTION public.search_version_due(tenant integer, corpus smallint) RETURNS boolean
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF public.search_changed(tenant, corpus) THEN
    RETURN false;
  END IF;
  PERFORM set_config('app.search_changed_' || tenant || '_' || corpus, 'on', true);
  RETURN true;
END
$$;
--> statement-breakpoint
CREATE FUNCTION public.search_version_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenant integer;
  corpus smallint;
  version bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    tenant := OLD.tenant_id;
    corpus := OLD.kind;
  ELSE
    tenant := NEW.tenant_id;
    corpus := NEW.kind;
  END IF;
  -- A tenant deleted in this transaction has no version to keep.
  INSERT INTO public.search_versions AS v (tenant_id, ideas, people)
  SELECT tenant, CASE WHEN corpus = 1 THEN version ELSE 0 END,
         CASE WHEN corpus = 2 THEN version ELSE 0 END
  WHERE EXISTS (SELECT 1 FROM public.tenants t WHERE t.id = tenant)
  ON CONFLICT (tenant_id) DO UPDATE SET
    ideas = CASE WHEN corpus = 1 THEN excluded.ideas ELSE v.ideas END,
    people = CASE WHEN corpus = 2 THEN excluded.people ELSE v.people END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER search_postings_version_added AFTER INSERT ON search_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (public.search_version_due(NEW.tenant_id, NEW.kind))
  EXECUTE FUNCTION public.search_version_moved();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER search_postings_version_changed AFTER UPDATE ON search_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (public.search_version_due(NEW.tenant_id, NEW.kind))
  EXECUTE FUNCTION public.search_version_moved();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER search_postings_version_removed AFTER DELETE ON search_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (public.search_version_due(OLD.tenant_id, OLD.kind))
  EXECUTE FUNCTION public.search_version_moved();
--> statement-breakpoint
-- The best `ranked` documents of a query every one of whose lexemes it needs (no typo's
-- alternatives), in the order search_matches' grouping gives them (the heading holds every
-- lexeme first, then newest first), found by walking the rarest lexeme's postings newest first and
-- looking each document up under the others, until `ranked` are found: no other posting is read.
-- The walk goes no further than the newest `scan` postings (`oldest`); null when those did not
-- decide the answer, the grouping's case.
CREATE FUNCTION public.search_candidates(corpus smallint, lexemes text[], rarest text,
                                         ranked integer, scan integer)
  RETURNS integer[]
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
  others text[] := array_remove(lexemes, rarest);
  oldest integer;
  headed integer[];
  rest integer[];
BEGIN
  SELECT p.doc_id INTO oldest FROM public.search_postings p
  WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = rarest AND p.heading
  ORDER BY p.doc_id DESC OFFSET scan - 1 LIMIT 1;
  headed := ARRAY(
    SELECT p.doc_id FROM public.search_postings p
    WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = rarest AND p.heading
      AND p.doc_id >= coalesce(oldest, 0)
      AND (SELECT count(*) FROM public.search_postings q
           WHERE q.tenant_id = tenant AND q.kind = corpus AND q.lexeme = ANY (others)
             AND q.heading AND q.doc_id = p.doc_id) = cardinality(others)
    ORDER BY p.doc_id DESC LIMIT ranked);
  IF cardinality(headed) = ranked THEN
    RETURN headed;
  END IF;
  IF oldest IS NOT NULL THEN
    RETURN NULL;
  END IF;
  -- Every heading match is in `headed`: the rest hold the lexemes elsewhere, newest first.
  SELECT d.doc_id INTO oldest FROM (
    (SELECT p.doc_id FROM public.search_postings p
     WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = rarest AND p.heading
     ORDER BY p.doc_id DESC)
    UNION ALL
    (SELECT p.doc_id FROM public.search_postings p
     WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = rarest AND NOT p.heading
     ORDER BY p.doc_id DESC)) d
  ORDER BY d.doc_id DESC OFFSET scan - 1 LIMIT 1;
  rest := ARRAY(
    SELECT d.doc_id FROM (
      (SELECT p.doc_id FROM public.search_postings p
       WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = rarest AND p.heading
       ORDER BY p.doc_id DESC)
      UNION ALL
      (SELECT p.doc_id FROM public.search_postings p
       WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = rarest AND NOT p.heading
       ORDER BY p.doc_id DESC)) d
    WHERE d.doc_id >= coalesce(oldest, 0) AND d.doc_id <> ALL (headed)
      AND (SELECT count(*) FROM public.search_postings q
           WHERE q.tenant_id = tenant AND q.kind = corpus AND q.lexeme = ANY (others)
             AND q.heading = ANY ('{false,true}') AND q.doc_id = d.doc_id) = cardinality(others)
    ORDER BY d.doc_id DESC LIMIT ranked - cardinality(headed));
  IF cardinality(headed) + cardinality(rest) < ranked AND oldest IS NOT NULL THEN
    RETURN NULL;
  END IF;
  RETURN headed || rest;
END
$$;
--> statement-breakpoint
-- What a count of `query` over a tenant's documents of a kind is kept under: the version of their
-- postings and the query (a word's typo alternatives come from the lexicon, which the nightly
-- count changes without a posting changing); null in a transaction that changed them. Called by
-- the ranked functions, as their owner: plain SQL, so that it is inlined (as a function of its
-- own, with its search path set, it was a quarter of a rare word's page, 59 µs).
CREATE FUNCTION public.search_counted(tenant integer, corpus smallint, query tsquery) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN NOT public.search_changed(tenant, corpus) THEN
    coalesce((SELECT CASE WHEN corpus = 1 THEN v.ideas ELSE v.people END
              FROM public.search_versions v WHERE v.tenant_id = tenant), 0)::text
      || ' ' || query::text
  END
$$;
--> statement-breakpoint
-- The best `ranked` matches of a query of several lexemes, each needed, when its count is kept
-- (`kept`): none when it is 0, else search_candidates' walk when the rarest lexeme's postings
-- (by the lexicon's count) hold the answer within `scan` of them. Null when the grouping is the
-- way: a typo's alternatives, no kept count, or matches too sparse among the rarest's postings.
CREATE FUNCTION public.search_best(corpus smallint, query tsquery, ranked integer, kept integer)
  RETURNS integer[]
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
  lexemes text[] := public.search_query_lexemes(query);
  scan constant integer := 3000;
  rarest text;
  docs integer;
BEGIN
  IF kept IS NULL OR cardinality(lexemes) < 2
     OR EXISTS (SELECT 1 FROM unnest(lexemes) l
                WHERE array_to_tsvector(array_remove(lexemes, l)) @@ query) THEN
    RETURN NULL;
  END IF;
  IF kept = 0 THEN
    RETURN '{}';
  END IF;
  SELECT u.r, u.docs INTO rarest, docs
  FROM (SELECT r, (SELECT coalesce(l.docs, 0) FROM public.search_lexemes l
                   WHERE l.tenant_id = tenant AND l.kind = corpus AND l.lexeme = r) AS docs
        FROM unnest(lexemes) r) u
  ORDER BY u.docs NULLS FIRST LIMIT 1;
  -- About ranked × docs / kept postings are walked to find `ranked` matches.
  IF coalesce(docs, 0) > scan AND ranked::bigint * docs > scan::bigint * kept THEN
    RETURN NULL;
  END IF;
  RETURN public.search_candidates(corpus, lexemes, rarest, ranked, scan);
END
$$;
--> statement-breakpoint
DROP FUNCTION public.search_ideas_ranked(tsquery, integer, integer, integer);
--> statement-breakpoint
DROP FUNCTION public.search_people_ranked(tsquery, integer, integer, integer);
--> statement-breakpoint
-- As migration 0029's, and each row carries what its total may be kept under (search_counted);
-- given a total kept under the same (`kept`, `kept_total`), the matches are not counted again and a
-- query of several words takes its candidates from search_best.
CREATE FUNCTION public.search_ideas_ranked(query tsquery, ranked integer, skip integer,
                                           take integer, kept text, kept_total integer)
  RETURNS TABLE (id integer, rank real, total integer, counted text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
  lexemes text[] := public.search_query_lexemes(query);
  counted text := public.search_counted(tenant, 1::smallint, query);
  known integer := CASE WHEN counted = kept THEN kept_total END;
  best integer[];
BEGIN
  IF skip + take <= ranked AND cardinality(lexemes) = 1 AND numnode(query) > 0 THEN
    RETURN QUERY
      WITH best AS (
        SELECT p.doc_id FROM public.search_postings p
        WHERE p.tenant_id = tenant AND p.kind = 1 AND p.lexeme = lexemes[1]
        ORDER BY p.heading DESC, p.doc_id DESC LIMIT ranked
      )
      SELECT b.doc_id, (2 + ts_rank_cd(i.search_doc, query))::real AS r,
             coalesce(known, (SELECT count(*)::integer FROM public.search_postings p
                              WHERE p.tenant_id = tenant AND p.kind = 1 AND p.lexeme = lexemes[1])),
             counted
      FROM best b JOIN public.ideas i ON i.tenant_id = tenant AND i.id = b.doc_id
      ORDER BY r DESC, b.doc_id OFFSET skip LIMIT take;
    RETURN;
  END IF;
  IF skip + take <= ranked THEN
    best := public.search_best(1::smallint, query, ranked, known);
    IF best IS NOT NULL THEN
      RETURN QUERY
        SELECT b.id, (2 + ts_rank_cd(i.search_doc, query))::real AS r, known, counted
        FROM unnest(best) b(id) JOIN public.ideas i ON i.tenant_id = tenant AND i.id = b.id
        ORDER BY r DESC, b.id OFFSET skip LIMIT take;
      RETURN;
    END IF;
    RETURN QUERY
      WITH found AS MATERIALIZED (
        SELECT m.id, m.heading FROM public.search_matches(1::smallint, query) m
      ), best AS (
        SELECT f.id FROM found f ORDER BY f.heading DESC, f.id DESC LIMIT ranked
      )
      SELECT b.id, (2 + ts_rank_cd(i.search_doc, query))::real AS r,
             (SELECT count(*)::integer FROM found), counted
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
           (SELECT count(*)::integer FROM found), counted
    FROM found f LEFT JOIN scored c ON c.id = f.id
    ORDER BY r DESC, f.id OFFSET skip LIMIT take;
END
$$;
--> statement-breakpoint
CREATE FUNCTION public.search_people_ranked(query tsquery, ranked integer, skip integer,
                                            take integer, kept text, kept_total integer)
  RETURNS TABLE (id integer, rank real, total integer, counted text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
  lexemes text[] := public.search_query_lexemes(query);
  counted text := public.search_counted(tenant, 2::smallint, query);
  known integer := CASE WHEN counted = kept THEN kept_total END;
  best integer[];
BEGIN
  IF skip + take <= ranked AND cardinality(lexemes) = 1 AND numnode(query) > 0 THEN
    RETURN QUERY
      WITH best AS (
        SELECT p.doc_id FROM public.search_postings p
        WHERE p.tenant_id = tenant AND p.kind = 2 AND p.lexeme = lexemes[1]
        ORDER BY p.heading DESC, p.doc_id DESC LIMIT ranked
      )
      SELECT b.doc_id, (2 + ts_rank_cd(u.search_doc, query))::real AS r,
             coalesce(known, (SELECT count(*)::integer FROM public.search_postings p
                              WHERE p.tenant_id = tenant AND p.kind = 2 AND p.lexeme = lexemes[1])),
             counted
      FROM best b JOIN public.users u ON u.tenant_id = tenant AND u.id = b.doc_id
      ORDER BY r DESC, b.doc_id OFFSET skip LIMIT take;
    RETURN;
  END IF;
  IF skip + take <= ranked THEN
    best := public.search_best(2::smallint, query, ranked, known);
    IF best IS NOT NULL THEN
      RETURN QUERY
        SELECT b.id, (2 + ts_rank_cd(u.search_doc, query))::real AS r, known, counted
        FROM unnest(best) b(id) JOIN public.users u ON u.tenant_id = tenant AND u.id = b.id
        ORDER BY r DESC, b.id OFFSET skip LIMIT take;
      RETURN;
    END IF;
    RETURN QUERY
      WITH found AS MATERIALIZED (
        SELECT m.id, m.heading FROM public.search_matches(2::smallint, query) m
      ), best AS (
        SELECT f.id FROM found f ORDER BY f.heading DESC, f.id DESC LIMIT ranked
      )
      SELECT b.id, (2 + ts_rank_cd(u.search_doc, query))::real AS r,
             (SELECT count(*)::integer FROM found), counted
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
           (SELECT count(*)::integer FROM found), counted
    FROM found f LEFT JOIN scored c ON c.id = f.id
    ORDER BY r DESC, f.id OFFSET skip LIMIT take;
END
$$;
