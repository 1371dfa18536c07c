CREATE TABLE "answer_traces" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"question" text NOT NULL,
	"condensed_query" text,
	"lang" text NOT NULL,
	"route" text NOT NULL,
	"outcome" text NOT NULL,
	"golden_id" text,
	"golden_score" real,
	"retrieved" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model" text NOT NULL,
	"tokens_in" integer DEFAULT 0 NOT NULL,
	"tokens_out" integer DEFAULT 0 NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	"ttft_ms" real,
	"total_ms" real,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_traces_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_user_id" uuid,
	"owner_anon_key" text,
	"title" text NOT NULL,
	"lang" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_one_owner" CHECK (("conversations"."owner_user_id" is null) <> ("conversations"."owner_anon_key" is null))
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"rating" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rating_check" CHECK ("feedback"."rating" in ('up', 'down'))
);
--> statement-breakpoint
CREATE TABLE "golden_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"source_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "handoffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "handoffs_reason_check" CHECK ("handoffs"."reason" in ('customer_request', 'missing_knowledge', 'policy', 'tool_failure', 'other')),
	CONSTRAINT "handoffs_status_check" CHECK ("handoffs"."status" in ('open', 'claimed', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" serial NOT NULL,
	"conversation_id" uuid NOT NULL,
	"client_id" text,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"lang" text,
	"outcome" text,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggestions" jsonb,
	"handoff_offered" boolean DEFAULT false NOT NULL,
	"reply_to" uuid,
	"superseded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_role_check" CHECK ("messages"."role" in ('user', 'assistant', 'agent'))
);
--> statement-breakpoint
ALTER TABLE "answer_traces" ADD CONSTRAINT "answer_traces_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_traces" ADD CONSTRAINT "answer_traces_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "golden_answers" ADD CONSTRAINT "golden_answers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handoffs" ADD CONSTRAINT "handoffs_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_traces_created_idx" ON "answer_traces" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "answer_traces_conversation_idx" ON "answer_traces" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "conversations_owner_user_idx" ON "conversations" USING btree ("owner_user_id","updated_at");--> statement-breakpoint
CREATE INDEX "conversations_owner_anon_idx" ON "conversations" USING btree ("owner_anon_key");--> statement-breakpoint
CREATE INDEX "conversations_updated_idx" ON "conversations" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "golden_answers_lang_idx" ON "golden_answers" USING btree ("lang");--> statement-breakpoint
CREATE INDEX "handoffs_status_idx" ON "handoffs" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "handoffs_one_open_idx" ON "handoffs" USING btree ("conversation_id") WHERE "handoffs"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_id_idx" ON "messages" USING btree ("conversation_id","client_id");