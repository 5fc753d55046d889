CREATE TABLE "doi_works" (
	"tenant_id" integer NOT NULL,
	"doi" text NOT NULL,
	"work" jsonb,
	"resolved_at" timestamp with time zone,
	"cited_by_count" integer,
	"counted_at" timestamp with time zone,
	CONSTRAINT "doi_works_tenant_id_doi_pk" PRIMARY KEY("tenant_id","doi")
);
--> statement-breakpoint
CREATE TABLE "import_candidates" (
	"tenant_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "import_candidates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"section" text NOT NULL,
	"source" text NOT NULL,
	"entry" jsonb NOT NULL,
	"match_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_candidates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "orcid" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "orcid_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "doi_works" ADD CONSTRAINT "doi_works_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_candidates" ADD CONSTRAINT "import_candidates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_candidates" ADD CONSTRAINT "import_candidates_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doi_works_counted_idx" ON "doi_works" USING btree ("tenant_id","counted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "import_candidates_entry_key" ON "import_candidates" USING btree ("tenant_id","user_id","section","match_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_orcid_key" ON "users" USING btree ("tenant_id","orcid") WHERE orcid is not null;--> statement-breakpoint
ALTER TABLE "import_candidates" ADD CONSTRAINT "import_candidates_section_check" CHECK ("section" in ('publications', 'most_recent_experience', 'education', 'grants'));--> statement-breakpoint
ALTER TABLE "import_candidates" ADD CONSTRAINT "import_candidates_source_check" CHECK ("source" in ('orcid', 'doi', 'file'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_orcid_check" CHECK ("orcid" ~ '^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$');
