-- Custom SQL migration file, put your code below! ----> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "authorization_id" integer;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "start_on" date;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "end_on" date;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "payment_terms" text;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "return_reason" text;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "returned_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "returned_by" integer;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "owner_confirmed_by" integer;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "owner_confirmed_name" text;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "owner_confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "owner_sms_code" text;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "agency_confirmed_by" integer;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "agency_confirmed_name" text;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "agency_confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "agency_sms_code" text;
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "created_by" integer;
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_authorization_id_project_authorizations_pkid_fk" FOREIGN KEY ("authorization_id") REFERENCES "public"."project_authorizations"("pkid") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_returned_by_users_pkid_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("pkid") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_owner_confirmed_by_users_pkid_fk" FOREIGN KEY ("owner_confirmed_by") REFERENCES "public"."users"("pkid") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_agency_confirmed_by_users_pkid_fk" FOREIGN KEY ("agency_confirmed_by") REFERENCES "public"."users"("pkid") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_pkid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("pkid") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_authorization_id_key" ON "contracts" USING btree ("authorization_id");
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_schedule_check" CHECK ("contracts"."end_on" is null or "contracts"."start_on" is null or "contracts"."end_on" >= "contracts"."start_on");
--> statement-breakpoint
-- Contracts drafted before this migration: link each to the accepted authorization of its demand and
-- agency (the newest one), so their application pages show where they came from.
UPDATE "contracts" k SET "authorization_id" = x."pkid"
  FROM (
    SELECT DISTINCT ON (k2."contract_id") k2."contract_id", a."pkid"
      FROM "contracts" k2
      JOIN "project_authorizations" a ON a."demand_id" = k2."demand_id" AND a."organization_id" = k2."organization_id" AND a."state" = 1
     WHERE k2."authorization_id" IS NULL
     ORDER BY k2."contract_id", a."pkid" DESC
  ) x
 WHERE k."contract_id" = x."contract_id"
   AND NOT EXISTS (SELECT 1 FROM "contracts" o WHERE o."authorization_id" = x."pkid");
