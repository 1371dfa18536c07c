CREATE TABLE "appointment_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"appointment_id" uuid,
	CONSTRAINT "appointment_slots_appointment_id_unique" UNIQUE("appointment_id"),
	CONSTRAINT "appointment_slots_window_check" CHECK ("appointment_slots"."ends_at" > "appointment_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"slot_id" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_kind_check" CHECK ("appointments"."kind" in ('installation', 'repair')),
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('scheduled', 'done', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"tool_name" text NOT NULL,
	"tool_call_id" text NOT NULL,
	"input" jsonb NOT NULL,
	"preview" jsonb NOT NULL,
	"request_text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"result" jsonb,
	"message_id" uuid,
	CONSTRAINT "approvals_tool_call_id_unique" UNIQUE("tool_call_id"),
	CONSTRAINT "approvals_status_check" CHECK ("approvals"."status" in ('pending', 'declined', 'executing', 'executed', 'refused', 'failed', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"customer_id" uuid NOT NULL,
	"action" text NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"approval_id" uuid,
	"outcome" text NOT NULL,
	"reason" text,
	CONSTRAINT "audit_log_outcome_check" CHECK ("audit_log"."outcome" in ('executed', 'refused', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"customer_number" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"street" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"area_id" text NOT NULL,
	"has_fibre" boolean DEFAULT false NOT NULL,
	CONSTRAINT "customers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "customers_customer_number_unique" UNIQUE("customer_number"),
	CONSTRAINT "customers_number_check" CHECK ("customers"."customer_number" ~ '^AW-[0-9]{8}$'),
	CONSTRAINT "customers_language_check" CHECK ("customers"."language" in ('en', 'de', 'fr', 'it')),
	CONSTRAINT "customers_status_check" CHECK ("customers"."status" in ('active', 'restricted'))
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"model" text NOT NULL,
	"serial" text NOT NULL,
	"firmware" text NOT NULL,
	"status" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"last_restart_at" timestamp with time zone,
	CONSTRAINT "devices_serial_unique" UNIQUE("serial"),
	CONSTRAINT "devices_model_check" CHECK ("devices"."model" in ('Box 3', 'Box 5')),
	CONSTRAINT "devices_status_check" CHECK ("devices"."status" in ('online', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date,
	CONSTRAINT "invoice_lines_kind_check" CHECK ("invoice_lines"."kind" in ('subscription', 'roaming', 'one_off', 'fee', 'discount', 'credit'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text NOT NULL,
	"paid_on" date,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('paid', 'open')),
	CONSTRAINT "invoices_paid_on_check" CHECK (("invoices"."status" = 'paid') = ("invoices"."paid_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "outages" (
	"id" serial PRIMARY KEY NOT NULL,
	"area_id" text NOT NULL,
	"service" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expected_end_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"description" text NOT NULL,
	CONSTRAINT "outages_service_check" CHECK ("outages"."service" in ('internet', 'tv', 'mobile'))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"summary" text NOT NULL,
	"tier" integer NOT NULL,
	"areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requires_fibre" boolean DEFAULT false NOT NULL,
	CONSTRAINT "plans_kind_check" CHECK ("plans"."kind" in ('internet', 'mobile', 'tv', 'phone')),
	CONSTRAINT "plans_price_check" CHECK ("plans"."monthly_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"postcodes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_on" date NOT NULL,
	"min_term_ends_on" date,
	"last_plan_change_on" date,
	"pending_plan_id" text,
	"pending_effective_on" date,
	CONSTRAINT "subscriptions_kind_check" CHECK ("subscriptions"."kind" in ('internet', 'mobile', 'tv', 'phone')),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'ended')),
	CONSTRAINT "subscriptions_pending_check" CHECK (("subscriptions"."pending_plan_id" is null) = ("subscriptions"."pending_effective_on" is null))
);
--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_area_id_service_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."service_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_area_id_service_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."service_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outages" ADD CONSTRAINT "outages_area_id_service_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."service_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pending_plan_id_plans_id_fk" FOREIGN KEY ("pending_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_slots_area_start_idx" ON "appointment_slots" USING btree ("area_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("customer_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_slot_idx" ON "appointments" USING btree ("slot_id") WHERE "appointments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "approvals_conversation_idx" ON "approvals" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "approvals_user_status_idx" ON "approvals" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "audit_log_customer_idx" ON "audit_log" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "devices_customer_idx" ON "devices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","issued_on");--> statement-breakpoint
CREATE INDEX "outages_area_idx" ON "outages" USING btree ("area_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_kind_tier_idx" ON "plans" USING btree ("kind","tier");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_active_per_kind_idx" ON "subscriptions" USING btree ("customer_id","kind") WHERE "subscriptions"."status" = 'active';