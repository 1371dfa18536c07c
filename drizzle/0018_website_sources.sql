CREATE TABLE "website_pages" (
	"source" text NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"content_hash" text NOT NULL,
	"links" jsonb,
	CONSTRAINT "website_pages_source_url_pk" PRIMARY KEY("source","url")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "source_url" text;