ALTER TABLE "sso_requests" ADD COLUMN "test_session_id" integer;--> statement-breakpoint
ALTER TABLE "sso_requests" ADD COLUMN "result" jsonb;
