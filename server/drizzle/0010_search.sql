-- Keyword search and expert finding (CONTRACT §7, docs/decisions/0029-search.md). Documents are
-- tsvectors kept by triggers, since unaccent() is not immutable and cannot feed a generated column.
-- Requests run under forced row-level security, where PostgreSQL uses no index for `@@` or `%`
-- (neither is leakproof): the indexed reads are SECURITY DEFINER functions owned by the migrating
-- user that take the tenant from app.tenant_id alone and filter on it explicitly.
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.kindling (COPY = pg_catalog.english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.kindling
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
  WITH public.unaccent, pg_catalog.english_stem;--> statement-breakpoint
-- Names as written (no stemming, no stop words): "Will" and "May" are names before they are words.
CREATE TEXT SEARCH CONFIGURATION public.kindling_name (COPY = pg_catalog.simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.kindling_name
  ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part
  WITH public.unaccent, pg_catalog.simple;--> statement-breakpoint
CREATE TABLE "search_lexemes" (
	"tenant_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"lexeme" text COLLATE "C" NOT NULL,
	CONSTRAINT "search_lexemes_tenant_id_kind_lexeme_pk" PRIMARY KEY("tenant_id","kind","lexeme")
);
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "search_doc" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_doc" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "search_lexemes" ADD CONSTRAINT "search_lexemes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A name matches stemmed ("jones" finds Jones through 'jone') and as written.
CREATE FUNCTION public.search_name_doc(first_name text, last_name text) RETURNS tsvector
  LANGUAGE sql STABLE AS $$
  SELECT to_tsvector('public.kindling', first_name || ' ' || last_name)
      || to_tsvector('public.kindling_name', first_name || ' ' || last_name)
$$;
--> statement-breakpoint
-- A patent number matches as written ("US 9,876,543 B2"), without its digit separators
-- ("9876543") and run together ("US9876543B2").
CREATE FUNCTION public.search_patent_text(number text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT number || ' ' || regexp_replace(number, '([0-9])[,.](?=[0-9])', '\1', 'g')
      || ' ' || regexp_replace(number, '[^[:alnum:]]+', '', 'g')
$$;
--> statement-breakpoint
-- Title A, introduction B, problem and opportunity C; patents, link titles and the principal
-- investigator's name D. Runs as the writer, so row-level security applies to what it reads.
-- PL/pgSQL rather than SQL: PostgreSQL 15 plans an SQL function's body again on every call.
CREATE FUNCTION public.idea_search_doc(idea public.ideas) RETURNS tsvector LANGUAGE plpgsql STABLE AS $$
DECLARE
  parts text;
  pi tsvector;
BEGIN
  SELECT concat_ws(' ',
           (SELECT string_agg(public.search_patent_text(p.number), ' ') FROM public.idea_patents p
            WHERE p.tenant_id = idea.tenant_id AND p.idea_id = idea.id),
           (SELECT string_agg(l.title, ' ') FROM public.idea_links l
            WHERE l.tenant_id = idea.tenant_id AND l.idea_id = idea.id))
  INTO parts;
  SELECT public.search_name_doc(u.first_name, u.last_name) INTO pi FROM public.users u
  WHERE u.tenant_id = idea.tenant_id AND u.id = idea.principal_investigator_id;
  RETURN setweight(to_tsvector('public.kindling', idea.title), 'A')
      || setweight(to_tsvector('public.kindling', idea.introduction), 'B')
      || setweight(to_tsvector('public.kindling', idea.problem || ' ' || idea.opportunity), 'C')
      || setweight(to_tsvector('public.kindling', parts), 'D')
      || setweight(coalesce(pi, ''::tsvector), 'D');
END
$$;
--> statement-breakpoint
-- Profile sections are JSON arrays; only the fields a member reads are searched.
CREATE FUNCTION public.search_section_text(entries jsonb, fields text[]) RETURNS text
  LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF jsonb_typeof(entries) IS DISTINCT FROM 'array' THEN
    RETURN '';
  END IF;
  RETURN coalesce((SELECT string_agg(e ->> f, ' ')
                   FROM jsonb_array_elements(entries) e, unnest(fields) f
                   WHERE jsonb_typeof(e) = 'object' AND jsonb_typeof(e -> f) = 'string'), '');
END
$$;
--> statement-breakpoint
-- Name A; headline B; school, department, experience and education C; the rest D.
CREATE FUNCTION public.person_search_doc(person public.users) RETURNS tsvector LANGUAGE plpgsql STABLE AS $$
DECLARE
  place text;
BEGIN
  SELECT concat_ws(' ',
           (SELECT s.name FROM public.schools s
            WHERE s.tenant_id = person.tenant_id AND s.id = person.school_id),
           (SELECT d.name FROM public.departments d
            WHERE d.tenant_id = person.tenant_id AND d.id = person.department_id))
  INTO place;
  RETURN setweight(public.search_name_doc(person.first_name, person.last_name), 'A')
      || setweight(to_tsvector('public.kindling', person.headline), 'B')
      || setweight(to_tsvector('public.kindling', concat_ws(' ', place,
           public.search_section_text(person.experience, '{title,organization,description}'),
           public.search_section_text(person.education, '{institution,degree,activities}'))), 'C')
      || setweight(to_tsvector('public.kindling', concat_ws(' ',
           person.bio,
           public.search_section_text(person.patents, '{title,patent_number}'),
           public.search_section_text(person.projects, '{title,description}'),
           public.search_section_text(person.publications, '{title,authors,venue}'),
           public.search_section_text(person.grants, '{organization,grant_number,title,description}'))), 'D');
END
$$;
--> statement-breakpoint
CREATE FUNCTION public.ideas_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_doc := public.idea_search_doc(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ideas_search_doc
  BEFORE INSERT OR UPDATE OF title, introduction, problem, opportunity, principal_investigator_id, search_doc
  ON ideas FOR EACH ROW EXECUTE FUNCTION public.ideas_search_doc();
--> statement-breakpoint
CREATE FUNCTION public.users_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_doc := public.person_search_doc(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_search_doc
  BEFORE INSERT OR UPDATE OF first_name, last_name, headline, bio, school_id, department_id,
    education, experience, patents, projects, publications, grants, search_doc
  ON users FOR EACH ROW EXECUTE FUNCTION public.users_search_doc();
--> statement-breakpoint
-- Patents and links are written after their idea: each statement refreshes the ideas it touched
-- once (setting search_doc fires ideas_search_doc, which recomputes it).
CREATE FUNCTION public.idea_parts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE public.ideas i SET search_doc = ''::tsvector
    FROM (SELECT DISTINCT tenant_id, idea_id FROM removed) c
    WHERE i.tenant_id = c.tenant_id AND i.id = c.idea_id;
  ELSE
    UPDATE public.ideas i SET search_doc = ''::tsvector
    FROM (SELECT DISTINCT tenant_id, idea_id FROM added) c
    WHERE i.tenant_id = c.tenant_id AND i.id = c.idea_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER idea_patents_added AFTER INSERT ON idea_patents
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.idea_parts_changed();
--> statement-breakpoint
CREATE TRIGGER idea_patents_changed AFTER UPDATE ON idea_patents
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.idea_parts_changed();
--> statement-breakpoint
CREATE TRIGGER idea_patents_removed AFTER DELETE ON idea_patents
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION public.idea_parts_changed();
--> statement-breakpoint
CREATE TRIGGER idea_links_added AFTER INSERT ON idea_links
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.idea_parts_changed();
--> statement-breakpoint
CREATE TRIGGER idea_links_changed AFTER UPDATE ON idea_links
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.idea_parts_changed();
--> statement-breakpoint
CREATE TRIGGER idea_links_removed AFTER DELETE ON idea_links
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION public.idea_parts_changed();
--> statement-breakpoint
-- A renamed member is renamed in the documents of the ideas they lead.
CREATE FUNCTION public.users_rename_ideas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.ideas SET search_doc = ''::tsvector
  WHERE tenant_id = NEW.tenant_id AND principal_investigator_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_rename_ideas AFTER UPDATE OF first_name, last_name ON users
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION public.users_rename_ideas();
--> statement-breakpoint
CREATE FUNCTION public.schools_rename_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.users SET search_doc = ''::tsvector
  WHERE tenant_id = NEW.tenant_id AND school_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER schools_rename_people AFTER UPDATE OF name ON schools
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION public.schools_rename_people();
--> statement-breakpoint
CREATE FUNCTION public.departments_rename_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.users SET search_doc = ''::tsvector
  WHERE tenant_id = NEW.tenant_id AND department_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER departments_rename_people AFTER UPDATE OF name ON departments
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION public.departments_rename_people();
--> statement-breakpoint
-- The lexicon of the one-typo rule: every word-like lexeme of the documents a statement wrote, in
-- one sorted insert (sorted, so two writers never wait on each other's lexemes in a cycle).
CREATE FUNCTION public.search_lexemes_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.search_lexemes (tenant_id, kind, lexeme)
  SELECT DISTINCT a.tenant_id, TG_ARGV[0]::smallint, l.lexeme
  FROM added a, unnest(a.search_doc) l
  WHERE l.lexeme !~ '[^[:alpha:]]'
  ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ideas_lexemes_added AFTER INSERT ON ideas
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.search_lexemes_added(1);
--> statement-breakpoint
CREATE TRIGGER ideas_lexemes_changed AFTER UPDATE ON ideas
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.search_lexemes_added(1);
--> statement-breakpoint
CREATE TRIGGER users_lexemes_added AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.search_lexemes_added(2);
--> statement-breakpoint
CREATE TRIGGER users_lexemes_changed AFTER UPDATE ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION public.search_lexemes_added(2);
--> statement-breakpoint
-- The tenant of the transaction (db/tenant-scope.ts), the only tenant a search function reads.
CREATE FUNCTION public.search_tenant() RETURNS integer LANGUAGE plpgsql STABLE
  SET search_path = pg_catalog, public AS $$
DECLARE
  tenant text := current_setting('app.tenant_id', true);
BEGIN
  IF tenant IS NULL OR tenant = '' THEN
    RAISE EXCEPTION 'search runs only in a transaction bound to a tenant';
  END IF;
  RETURN tenant::integer;
END
$$;
--> statement-breakpoint
-- The words of `words` as a tsquery that needs every one of them. The text is only ever parsed as
-- a document, so operators and quotes in it are plain characters. A word of five letters or more
-- that no document of the kind holds becomes the OR of the lexicon's lexemes one edit away.
CREATE FUNCTION public.search_query(corpus smallint, words text) RETURNS tsquery
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public AS $$
DECLARE
  tenant integer := public.search_tenant();
  word record;
  lexemes text[];
  len integer;
  head text;
  tail text;
  term tsquery;
  alternatives text;
  result tsquery;
BEGIN
  FOR word IN
    SELECT p.tokid, p.token FROM ts_parse('default', words) p
    -- blanks, tags, entities and whole hyphenated words (their parts come on their own)
    WHERE p.tokid NOT IN (12, 13, 14, 15, 16, 17, 23)
  LOOP
    lexemes := ARRAY(SELECT l.lexeme FROM unnest(to_tsvector('public.kindling', word.token)) l);
    CONTINUE WHEN cardinality(lexemes) = 0;
    term := plainto_tsquery('public.kindling', word.token);
    IF word.tokid IN (1, 2, 10, 11) AND char_length(word.token) >= 5 AND cardinality(lexemes) = 1
       AND NOT EXISTS (SELECT 1 FROM public.search_lexemes l
                       WHERE l.tenant_id = tenant AND l.kind = corpus AND l.lexeme = lexemes[1]) THEN
      -- One edit leaves either the first half or the second half of the lexeme intact, so the
      -- candidates are found on the key (by prefix) or on the reversed lexeme (by suffix).
      len := char_length(lexemes[1]);
      head := left(lexemes[1], len / 2);
      tail := reverse(right(lexemes[1], len - len / 2));
      SELECT string_agg('''' || replace(replace(c.lexeme, '\', '\\'), '''', '''''') || '''', ' | ')
      INTO alternatives
      FROM (SELECT l.lexeme FROM public.search_lexemes l
            WHERE l.tenant_id = tenant AND l.kind = corpus
              AND ((l.lexeme >= head AND l.lexeme < head || chr(1114111))
                   OR (reverse(l.lexeme) >= tail AND reverse(l.lexeme) < tail || chr(1114111)))
              AND char_length(l.lexeme) BETWEEN len - 1 AND len + 1
              AND levenshtein(l.lexeme, lexemes[1]) <= 1
            ORDER BY l.lexeme
            LIMIT 20) c;
      IF alternatives IS NOT NULL THEN
        term := alternatives::tsquery;
      END IF;
    END IF;
    result := CASE WHEN result IS NULL THEN term ELSE result && term END;
  END LOOP;
  RETURN result;
END
$$;
--> statement-breakpoint
-- The tenant's ideas whose document matches, ranked when asked; `pool` caps how many are read
-- (null: all of them, as counts need).
CREATE FUNCTION public.search_ideas(query tsquery, ranked boolean, pool integer)
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
    RETURN QUERY SELECT i.id, 0::real FROM public.ideas i
      WHERE i.tenant_id = tenant AND i.search_doc @@ query LIMIT pool;
  END IF;
END
$$;
--> statement-breakpoint
-- The same for active members (approved, claimed, not disabled: public.member_is_active).
CREATE FUNCTION public.search_people(query tsquery, ranked boolean, pool integer)
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
    RETURN QUERY SELECT u.id, 0::real FROM public.users u
      WHERE u.tenant_id = tenant AND u.search_doc @@ query
        AND u.admin_status_id = 2 AND u.user_status_id = 2 AND NOT u.is_disabled
      LIMIT pool;
  END IF;
END
$$;
--> statement-breakpoint
UPDATE users SET search_doc = ''::tsvector;--> statement-breakpoint
UPDATE ideas SET search_doc = ''::tsvector;--> statement-breakpoint
CREATE INDEX "search_lexemes_suffix_idx" ON "search_lexemes" USING btree ("tenant_id","kind",(reverse("lexeme") COLLATE "C"));--> statement-breakpoint
-- The documents alone, without tenant_id: a GIN index led by tenant_id reads the whole tenant's
-- posting list for every search and lost to a sequential scan; the functions filter the tenant
-- on the rows the index finds (docs/decisions/0029-search.md).
CREATE INDEX "ideas_search_idx" ON "ideas" USING gin ("search_doc");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_doc");
