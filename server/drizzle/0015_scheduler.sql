CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_runs_job_period_pk" PRIMARY KEY("job","period")
);
--> statement-breakpoint
CREATE TABLE "tenant_job_runs" (
	"tenant_id" integer NOT NULL,
	"job" text NOT NULL,
	"period" text NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tenant_job_runs_tenant_id_job_period_pk" PRIMARY KEY("tenant_id","job","period")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_job_runs" ADD CONSTRAINT "tenant_job_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("tenant_id","recipient_id","created_at","id") WHERE read_at is null and mailed_at is null;