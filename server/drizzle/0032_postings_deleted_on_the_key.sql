-- A posting is deleted on the whole key again (issue 15, decision 0063). Migration 0029 put
-- `heading` before the document in the postings' key, and the triggers' deletions name the lexeme
-- and the document but not the heading: each deleted posting became a scan of its lexeme's
-- postings, so editing an idea's title took 380 ms at the single shape (41 lexemes, 9 ms each),
-- a profile's save as long. Naming both headings (the planner takes the one the document gives,
-- an expression of its weights, for a filter, not a key column) finds the posting by two probes
-- of its key.
CREATE OR REPLACE FUNCTION public.idea_postings_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM public.search_postings p
    USING removed o JOIN added n ON n.tenant_id = o.tenant_id AND n.id = o.id,
          public.search_postings_of(o.search_doc, '{A}') l
    WHERE n.search_doc <> o.search_doc AND p.tenant_id = o.tenant_id AND p.kind = 1
      AND p.lexeme = l.lexeme AND p.heading = ANY ('{false,true}') AND p.doc_id = o.id;
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT n.tenant_id, 1, l.lexeme, n.id, l.heading
    FROM added n JOIN removed o ON o.tenant_id = n.tenant_id AND o.id = n.id,
         public.search_postings_of(n.search_doc, '{A}') l
    WHERE n.search_doc <> o.search_doc
    ORDER BY 1, 3, 5, 4;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT n.tenant_id, 1, l.lexeme, n.id, l.heading
    FROM added n, public.search_postings_of(n.search_doc, '{A}') l
    ORDER BY 1, 3, 5, 4;
  ELSE
    DELETE FROM public.search_postings p
    USING removed o, public.search_postings_of(o.search_doc, '{A}') l
    WHERE p.tenant_id = o.tenant_id AND p.kind = 1 AND p.lexeme = l.lexeme AND p.heading = ANY ('{false,true}') AND p.doc_id = o.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.person_postings_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM public.search_postings p
    USING removed o JOIN added n ON n.tenant_id = o.tenant_id AND n.id = o.id,
          public.person_postings(o) l
    WHERE (n.search_doc <> o.search_doc
           OR public.member_is_active(n.admin_status_id, n.user_status_id, n.is_disabled)
              <> public.member_is_active(o.admin_status_id, o.user_status_id, o.is_disabled))
      AND p.tenant_id = o.tenant_id AND p.kind = 2 AND p.lexeme = l.lexeme AND p.heading = ANY ('{false,true}') AND p.doc_id = o.id;
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT n.tenant_id, 2, l.lexeme, n.id, l.heading
    FROM added n JOIN removed o ON o.tenant_id = n.tenant_id AND o.id = n.id,
         public.person_postings(n) l
    WHERE n.search_doc <> o.search_doc
       OR public.member_is_active(n.admin_status_id, n.user_status_id, n.is_disabled)
          <> public.member_is_active(o.admin_status_id, o.user_status_id, o.is_disabled)
    ORDER BY 1, 3, 5, 4;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO public.search_postings (tenant_id, kind, lexeme, doc_id, heading)
    SELECT n.tenant_id, 2, l.lexeme, n.id, l.heading FROM added n, public.person_postings(n) l
    ORDER BY 1, 3, 5, 4;
  ELSE
    DELETE FROM public.search_postings p
    USING removed o, public.person_postings(o) l
    WHERE p.tenant_id = o.tenant_id AND p.kind = 2 AND p.lexeme = l.lexeme AND p.heading = ANY ('{false,true}') AND p.doc_id = o.id;
  END IF;
  RETURN NULL;
END
$$;
