CREATE TABLE "comment_tallies" (
	"tenant_id" integer NOT NULL,
	"idea_id" integer NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "comment_tallies_tenant_id_idea_id_pk" PRIMARY KEY("tenant_id","idea_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"idea_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "comments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "interest_requests" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "interest_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"idea_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_answered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interest_requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "comment_tallies" ADD CONSTRAINT "comment_tallies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_tallies" ADD CONSTRAINT "comment_tallies_tenant_id_idea_id_ideas_tenant_id_id_fk" FOREIGN KEY ("tenant_id","idea_id") REFERENCES "public"."ideas"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_tenant_id_idea_id_ideas_tenant_id_id_fk" FOREIGN KEY ("tenant_id","idea_id") REFERENCES "public"."ideas"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_tenant_id_author_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","author_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_requests" ADD CONSTRAINT "interest_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_requests" ADD CONSTRAINT "interest_requests_tenant_id_idea_id_ideas_tenant_id_id_fk" FOREIGN KEY ("tenant_id","idea_id") REFERENCES "public"."ideas"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_requests" ADD CONSTRAINT "interest_requests_tenant_id_requester_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","requester_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_idea_idx" ON "comments" USING btree ("tenant_id","idea_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("tenant_id","author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interest_requests_one_open_key" ON "interest_requests" USING btree ("tenant_id","idea_id","requester_id") WHERE status in ('open', 'responded');--> statement-breakpoint
CREATE INDEX "interest_requests_idea_idx" ON "interest_requests" USING btree ("tenant_id","idea_id","created_at");--> statement-breakpoint
CREATE INDEX "interest_requests_requester_idx" ON "interest_requests" USING btree ("tenant_id","requester_id","created_at");--> statement-breakpoint
ALTER TABLE "interest_requests" ADD CONSTRAINT "interest_requests_kind_check" CHECK (kind IN ('licensing', 'sponsored_research', 'collaboration', 'investment', 'mentorship', 'other'));--> statement-breakpoint
ALTER TABLE "interest_requests" ADD CONSTRAINT "interest_requests_status_check" CHECK (status IN ('open', 'responded', 'declined', 'closed'));--> statement-breakpoint
-- An idea card shows its comment count: one row read here per card instead of counting the idea's
-- comments, which grows with them (decision 0033). Statement triggers with transition tables, as
-- for member_tallies (0007): an idea removed with 1,000 comments moves its tally once.
CREATE FUNCTION comments_tally_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.comment_tallies AS t (tenant_id, idea_id, comments)
  SELECT tenant_id, idea_id, count(*) FROM added GROUP BY tenant_id, idea_id
  ON CONFLICT (tenant_id, idea_id) DO UPDATE SET comments = t.comments + excluded.comments;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER comments_tally_added AFTER INSERT ON comments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION comments_tally_added();
--> statement-breakpoint
-- An UPDATE, never an upsert: when the idea is deleted its tally may be gone already.
CREATE FUNCTION comments_tally_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE public.comment_tallies AS t SET comments = t.comments - r.n
  FROM (SELECT tenant_id, idea_id, count(*) AS n FROM removed GROUP BY tenant_id, idea_id) r
  WHERE t.tenant_id = r.tenant_id AND t.idea_id = r.idea_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER comments_tally_removed AFTER DELETE ON comments
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION comments_tally_removed();
