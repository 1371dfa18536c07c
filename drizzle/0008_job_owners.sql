ALTER TABLE "jobs" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;