CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"loginname" text NOT NULL,
	"ip" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"userphone" text NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failures" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"userphone" text NOT NULL,
	"content" text NOT NULL,
	"code" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_service_tickets" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"tgt_hash" text NOT NULL,
	"service" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"tgt_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"captcha_code" text,
	"captcha_issued_at" timestamp with time zone,
	"captcha_failures" smallint DEFAULT 0 NOT NULL,
	"captcha_verified_at" timestamp with time zone,
	"pending_login_name" text
);
--> statement-breakpoint
CREATE TABLE "sso_tickets" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_service_tickets" ADD CONSTRAINT "sso_service_tickets_tgt_hash_sso_tickets_id_hash_fk" FOREIGN KEY ("tgt_hash") REFERENCES "public"."sso_tickets"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD CONSTRAINT "sso_sessions_user_id_users_pkid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("pkid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD CONSTRAINT "sso_sessions_tgt_hash_sso_tickets_id_hash_fk" FOREIGN KEY ("tgt_hash") REFERENCES "public"."sso_tickets"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_tickets" ADD CONSTRAINT "sso_tickets_user_id_users_pkid_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("pkid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_loginname_at_idx" ON "login_attempts" USING btree ("loginname","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_at_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "sms_codes_userphone_created_at_idx" ON "sms_codes" USING btree ("userphone","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_userphone_created_at_idx" ON "sms_outbox" USING btree ("userphone","created_at");--> statement-breakpoint
CREATE INDEX "sso_service_tickets_tgt_hash_idx" ON "sso_service_tickets" USING btree ("tgt_hash");--> statement-breakpoint
CREATE INDEX "sso_sessions_tgt_hash_idx" ON "sso_sessions" USING btree ("tgt_hash");--> statement-breakpoint
CREATE INDEX "sso_sessions_user_id_idx" ON "sso_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sso_sessions_expires_at_idx" ON "sso_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_tickets_user_id_idx" ON "sso_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sso_tickets_expires_at_idx" ON "sso_tickets" USING btree ("expires_at");