ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session started before devices were recorded was last seen, as far as anyone knows, at sign-in.
UPDATE "sessions" SET "last_seen_at" = "issued_at";
