-- Keyword search at the size of a large university (issue 16, docs/decisions/0050). Counting the
-- 13,000 ideas that hold a common word through the GIN index visited each one's row (12,000 pages
-- of a table larger than the buffer cache); the lists now count and pick their candidates from a
-- btree of (tenant, kind, lexeme, document) read index-only, kept by triggers from search_doc. The
-- GIN indexes stay for experts and similar ideas, whose queries OR a dozen words.
CREATE TABLE "search_postings" (
	"tenant_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"lexeme" text COLLATE "C" NOT NULL,
	"doc_id" integer NOT NULL,
	"heading" boolean NOT NULL
);
--> statement-breakpoint
-- A document's postings: every lexeme, and whether its heading (an idea's title, weight A; a
-- member's name and headline, A and B) holds it. Members have postings only while active.
CREATE FUNCTION public.search_postings_of(doc tsvector, heading text[])
  RETURNS TABLE (lexeme text, heading boolean) LANGUAGE sql IMMUTABLE AS $$
  SELECT l.lexeme, l.weights::text[] && heading FROM unnest(doc) l
$$;
--> statement-breakpoint
CREATE FUNCTION public.person_postings(person public.users) RETURNS TABLE (lexeme text, heading boolean)
  LANGUAGE sql STABLE AS $$
  SELECT l.lexeme, l.heading FROM public.search_postings_of(person.search_doc, '{A,B}') l
  WHERE public.member_is_active(person.admin_status_id, person.user_status_id, person.is_disabled)
$$;
--> statement-breakpoint
-- Each statement moves the postings of the documents it wrote: all of an inserted one, those of a
-- changed one (its old postings go, its new ones come), none of a deleted one. Deletions name the
-- old lexemes, so each is a probe of the key.
CREATE FUNCTION public.idea_postings_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM public.search_postings p
    USING removed o JOIN added n ON n.tenant_id = o.tenant_id AND n.id = o.id,
          public.search_postings_of(o.search_doc, '{A}') l
    WHERE n.search_doc <> o.search_doc AND p.tenant_id = o.tenant_id AND p.kind = 1
      AND p.lexeme = l.lexeme AND p.doc_id = o.id;
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT n.tenant_id, 1, l.lexeme, n.id, l.heading
    FROM added n JOIN removed o ON o.tenant_id = n.tenant_id AND o.id = n.id,
         public.search_postings_of(n.search_doc, '{A}') l
    WHERE n.search_doc <> o.search_doc
    ORDER BY 1, 3, 4;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT n.tenant_id, 1, l.lexeme, n.id, l.heading
    FROM added n, public.search_postings_of(n.search_doc, '{A}') l
    ORDER BY 1, 3, 4;
  ELSE
    DELETE FROM public.search_postings p
    USING removed o, public.search_postings_of(o.search_doc, '{A}') l
    WHERE p.tenant_id = o.tenant_id AND p.kind = 1 AND p.lexeme = l.lexeme AND p.doc_id = o.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ideas_postings_added AFTER INSERT ON ideas
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.idea_postings_written();
--> statement-breakpoint
CREATE TRIGGER ideas_postings_changed AFTER UPDATE ON ideas
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION public.idea_postings_written();
--> statement-breakpoint
CREATE TRIGGER ideas_postings_removed AFTER DELETE ON ideas
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION public.idea_postings_written();
--> statement-breakpoint
CREATE FUNCTION public.person_postings_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM public.search_postings p
    USING removed o JOIN added n ON n.tenant_id = o.tenant_id AND n.id = o.id,
          public.person_postings(o) l
    WHERE (n.search_doc <> o.search_doc
           OR public.member_is_active(n.admin_status_id, n.user_status_id, n.is_disabled)
              <> public.member_is_active(o.admin_status_id, o.user_status_id, o.is_disabled))
      AND p.tenant_id = o.tenant_id AND p.kind = 2 AND p.lexeme = l.lexeme AND p.doc_id = o.id;
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT n.tenant_id, 2, l.lexeme, n.id, l.heading
    FROM added n JOIN removed o ON o.tenant_id = n.tenant_id AND o.id = n.id,
         public.person_postings(n) l
    WHERE n.search_doc <> o.search_doc
       OR public.member_is_active(n.admin_status_id, n.user_status_id, n.is_disabled)
          <> public.member_is_active(o.admin_status_id, o.user_status_id, o.is_disabled)
    ORDER BY 1, 3, 4;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT n.tenant_id, 2, l.lexeme, n.id, l.heading FROM added n, public.person_postings(n) l
    ORDER BY 1, 3, 4;
  ELSE
    DELETE FROM public.search_postings p
    USING removed o, public.person_postings(o) l
    WHERE p.tenant_id = o.tenant_id AND p.kind = 2 AND p.lexeme = l.lexeme AND p.doc_id = o.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_postings_added AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.person_postings_written();
--> statement-breakpoint
CREATE TRIGGER users_postings_changed AFTER UPDATE ON users
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION public.person_postings_written();
--> statement-breakpoint
CREATE TRIGGER users_postings_removed AFTER DELETE ON users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION public.person_postings_written();
--> statement-breakpoint
-- The existing documents' postings, then the key and the tenant's foreign key: built once over
-- the loaded rows rather than row by row (7 million rows at the largest bench tenant).
INSERT INTO search_postings (tenant_id, kind, lexeme, doc_id, heading)
SELECT i.tenant_id, 1, l.lexeme, i.id, l.heading
FROM ideas i, public.search_postings_of(i.search_doc, '{A}') l;--> statement-breakpoint
INSERT INTO search_postings (tenant_id, kind, lexeme, doc_id, heading)
SELECT u.tenant_id, 2, l.lexeme, u.id, l.heading FROM users u, public.person_postings(u) l;--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_tenant_id_kind_lexeme_doc_id_heading_pk" PRIMARY KEY("tenant_id","kind","lexeme","doc_id","heading");--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The lexemes a query of search_query names: it writes only quoted lexemes joined by & and |.
CREATE FUNCTION public.search_query_lexemes(query tsquery) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT replace(regexp_replace(m[1], '\\(.)', '\1', 'g'), '''''', '''')), '{}')
  FROM regexp_matches(query::text, '''((?:[^''\\]|''''|\\.)*)''', 'g') m
$$;
--> statement-breakpoint
-- The tenant's documents of a kind that match, with whether their heading holds the query, from
-- the postings alone: one lexeme is one range of the key; several are grouped by document and
-- the query is tested on the lexemes each holds (exact for & and |, all that search_query writes).
CREATE FUNCTION public.search_matches(corpus smallint, query tsquery)
  RETURNS TABLE (id integer, heading boolean)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
  lexemes text[] := public.search_query_lexemes(query);
BEGIN
  IF query IS NULL OR numnode(query) = 0 THEN
    RETURN;
  END IF;
  IF cardinality(lexemes) = 1 THEN
    RETURN QUERY SELECT p.doc_id, p.heading FROM public.search_postings p
      WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = lexemes[1];
  ELSE
    RETURN QUERY
      SELECT p.doc_id,
             coalesce(array_to_tsvector(array_agg(p.lexeme) FILTER (WHERE p.heading)) @@ query, false)
      FROM public.search_postings p
      WHERE p.tenant_id = tenant AND p.kind = corpus AND p.lexeme = ANY (lexemes)
      GROUP BY p.doc_id HAVING array_to_tsvector(array_agg(p.lexeme)) @@ query;
  END IF;
END
$$;
--> statement-breakpoint
-- Counts and date-ordered or filtered lists read every match from the postings too; experts and
-- similar ideas (ranked) still read the GIN index.
CREATE OR REPLACE FUNCTION public.search_ideas(query tsquery, ranked boolean, pool integer)
  RETURNS TABLE (id integer, rank real)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
BEGIN
  IF query IS NULL OR numnode(query) = 0 THEN
    RETURN;
  END IF;
  IF ranked THEN
    RETURN QUERY SELECT i.id, ts_rank_cd(i.search_doc, query) FROM public.ideas i
      WHERE i.tenant_id = tenant AND i.search_doc @@ query LIMIT pool;
  ELSE
    RETURN QUERY SELECT m.id, 0::real FROM public.search_matches(1::smallint, query) m LIMIT pool;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.search_people(query tsquery, ranked boolean, pool integer)
  RETURNS TABLE (id integer, rank real)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
BEGIN
  IF query IS NULL OR numnode(query) = 0 THEN
    RETURN;
  END IF;
  IF ranked THEN
    RETURN QUERY SELECT u.id, ts_rank_cd(u.search_doc, query) FROM public.users u
      WHERE u.tenant_id = tenant AND u.search_doc @@ query
        AND u.admin_status_id = 2 AND u.user_status_id = 2 AND NOT u.is_disabled
      LIMIT pool;
  ELSE
    RETURN QUERY SELECT m.id, 0::real FROM public.search_matches(2::smallint, query) m LIMIT pool;
  END IF;
END
$$;
--> statement-breakpoint
DROP FUNCTION public.search_ideas_ranked(tsquery, integer);--> statement-breakpoint
DROP FUNCTION public.search_people_ranked(tsquery, integer);--> statement-breakpoint
-- Relevance order ("ranking may stop at the best few hundred candidates by a stored weight, as
-- long as counts stay exact"): the candidates are the matches whose heading holds the query,
-- newest first, then the others newest first; only the first `ranked` are scored with
-- ts_rank_cd, and they rank above every other match (2 + score). The others follow, heading
-- matches first (rank 1, then 0), ties by id. `skip` and `take` cut the order (null: every
-- match), and `total` counts all matches: one read of the postings answers a page and its count.
CREATE FUNCTION public.search_ideas_ranked(query tsquery, ranked integer, skip integer, take integer)
  RETURNS TABLE (id integer, rank real, total integer)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
BEGIN
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
CREATE FUNCTION public.search_people_ranked(query tsquery, ranked integer, skip integer, take integer)
  RETURNS TABLE (id integer, rank real, total integer)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
BEGIN
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
