CREATE TABLE "conversation_test_results" (
	"run_id" integer NOT NULL,
	"test_id" uuid NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"turns" jsonb NOT NULL,
	"reason" text,
	"ms" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_test_results_run_id_test_id_pk" PRIMARY KEY("run_id","test_id")
);
--> statement-breakpoint
CREATE TABLE "conversation_test_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" uuid,
	"scope" jsonb NOT NULL,
	"trigger" text NOT NULL,
	"reason" text,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversation_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"lang" text NOT NULL,
	"customer" text,
	"turns" jsonb NOT NULL,
	"source_conversation_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_tests_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "conversation_test_results" ADD CONSTRAINT "conversation_test_results_run_id_conversation_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."conversation_test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_test_runs" ADD CONSTRAINT "conversation_test_runs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_test_runs" ADD CONSTRAINT "conversation_test_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_tests" ADD CONSTRAINT "conversation_tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_test_runs_started_idx" ON "conversation_test_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "conversation_tests_group_idx" ON "conversation_tests" USING btree ("group","name");