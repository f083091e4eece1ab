CREATE TABLE "cas_logout_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"payload" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "cas_service_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tgt_hash" text NOT NULL,
	"service_ticket" text NOT NULL,
	"logout_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cas_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"service_id" text NOT NULL,
	"attributes" text[] DEFAULT '{}' NOT NULL,
	"logout_url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_service_tickets" ADD COLUMN "from_new_login" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_tickets" ADD COLUMN "fresh_login" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cas_service_sessions" ADD CONSTRAINT "cas_service_sessions_tgt_hash_sso_tickets_id_hash_fk" FOREIGN KEY ("tgt_hash") REFERENCES "public"."sso_tickets"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cas_logout_outbox_due_idx" ON "cas_logout_outbox" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "cas_service_sessions_tgt_hash_idx" ON "cas_service_sessions" USING btree ("tgt_hash");