-- Every change to the tables that cached call answers read (server/lib/result-cache.ts), by any
-- writer (this application's modules, a future one, a database console), announces the table on the
-- `data_changes` channel, once per statement and delivered at commit (PostgreSQL folds repeats within
-- a transaction): every instance drops the answers that read it. Adding a table to `announcedTables`
-- needs its triggers here (a test checks the two agree).
CREATE FUNCTION "announce_table_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "projects_announce_truncate" AFTER TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "project_demands_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "project_demands"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "project_demands_announce_truncate" AFTER TRUNCATE ON "project_demands"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "project_stage_items_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "project_stage_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "project_stage_items_announce_truncate" AFTER TRUNCATE ON "project_stage_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "project_demand_amendments_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "project_demand_amendments"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "project_demand_amendments_announce_truncate" AFTER TRUNCATE ON "project_demand_amendments"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "project_authorizations_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "project_authorizations"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "project_authorizations_announce_truncate" AFTER TRUNCATE ON "project_authorizations"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "construction_units_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "construction_units"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "construction_units_announce_truncate" AFTER TRUNCATE ON "construction_units"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "agent_organizations_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "agent_organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "agent_organizations_announce_truncate" AFTER TRUNCATE ON "agent_organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "agent_staff_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "agent_staff"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "agent_staff_announce_truncate" AFTER TRUNCATE ON "agent_staff"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "districts_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "districts"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "districts_announce_truncate" AFTER TRUNCATE ON "districts"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "stages_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "stages"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "stages_announce_truncate" AFTER TRUNCATE ON "stages"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "survey_items_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "survey_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "survey_items_announce_truncate" AFTER TRUNCATE ON "survey_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
