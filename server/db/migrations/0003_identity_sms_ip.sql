ALTER TABLE "sms_codes" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "sms_codes_ip_created_at_idx" ON "sms_codes" USING btree ("ip","created_at");