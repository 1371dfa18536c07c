CREATE TABLE "website_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"start_url" text,
	"sitemap_url" text,
	"include" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exclude" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience" text DEFAULT 'public' NOT NULL,
	"schedule" text DEFAULT 'manual' NOT NULL,
	"next_run_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_sources_name_unique" UNIQUE("name"),
	CONSTRAINT "website_sources_one_entry" CHECK (("website_sources"."start_url" is null) <> ("website_sources"."sitemap_url" is null))
);
--> statement-breakpoint
ALTER TABLE "website_sources" ADD CONSTRAINT "website_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_sources_next_run_idx" ON "website_sources" USING btree ("next_run_at");