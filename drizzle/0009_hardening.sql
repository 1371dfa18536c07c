CREATE TABLE "leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_status_check";--> statement-breakpoint
DROP INDEX "chunks_document_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
-- Two overlapping ingests could have left duplicates: keep the oldest row of each.
DELETE FROM "chunks" AS a USING "chunks" AS b WHERE a."document_id" = b."document_id" AND a."ordinal" = b."ordinal" AND a."id" > b."id";--> statement-breakpoint
CREATE UNIQUE INDEX "chunks_document_ordinal_key" ON "chunks" USING btree ("document_id","ordinal");--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_status_check" CHECK ("approvals"."status" in ('pending', 'declined', 'executing', 'executed', 'refused', 'failed', 'expired', 'superseded'));