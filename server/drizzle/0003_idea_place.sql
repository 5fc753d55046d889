CREATE TABLE "idea_tallies" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"ideas" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "pi_school_id" integer;--> statement-breakpoint
ALTER TABLE "ideas" ADD COLUMN "pi_department_id" integer;--> statement-breakpoint
ALTER TABLE "idea_tallies" ADD CONSTRAINT "idea_tallies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ideas_school_recent_idx" ON "ideas" USING btree ("tenant_id","pi_school_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ideas_department_recent_idx" ON "ideas" USING btree ("tenant_id","pi_department_id","created_at","id");