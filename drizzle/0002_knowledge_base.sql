CREATE TABLE "chunks" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"title" text NOT NULL,
	"heading_path" text NOT NULL,
	"anchor" text,
	"content" text NOT NULL,
	"lang" text NOT NULL,
	"ts_config" "regconfig" NOT NULL,
	"product" text,
	"version" text,
	"audience" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(ts_config, title), 'A') || setweight(to_tsvector(ts_config, heading_path), 'B') || to_tsvector(ts_config, content)) STORED NOT NULL,
	"tsv_simple" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, heading_path), 'B') || to_tsvector('simple'::regconfig, content)) STORED NOT NULL,
	"embedding" vector NOT NULL,
	"embedding_model" text NOT NULL,
	"embedding_dim" integer NOT NULL,
	CONSTRAINT "chunks_embedding_dim_check" CHECK (vector_dims("chunks"."embedding") = "chunks"."embedding_dim")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"lang" text NOT NULL,
	"product" text,
	"version" text,
	"audience" text NOT NULL,
	"translation_of" text,
	"updated" text,
	"body" text NOT NULL,
	"content_hash" text NOT NULL,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_slug_unique" UNIQUE("slug"),
	CONSTRAINT "documents_audience_check" CHECK ("documents"."audience" in ('public', 'internal'))
);
--> statement-breakpoint
CREATE TABLE "eval_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"config" jsonb NOT NULL,
	"metrics" jsonb NOT NULL,
	"results" jsonb
);
--> statement-breakpoint
CREATE TABLE "ingest_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"stats" jsonb,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chunks_document_idx" ON "chunks" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "chunks_tsv_idx" ON "chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "chunks_tsv_simple_idx" ON "chunks" USING gin ("tsv_simple");--> statement-breakpoint
CREATE INDEX "chunks_model_idx" ON "chunks" USING btree ("embedding_model");--> statement-breakpoint
CREATE INDEX "documents_source_idx" ON "documents" USING btree ("source");--> statement-breakpoint
CREATE INDEX "documents_translation_idx" ON "documents" USING btree ("translation_of");