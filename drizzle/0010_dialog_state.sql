ALTER TABLE "conversations" ADD COLUMN "dialog" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "handoffs" ADD COLUMN "contact_email" text;