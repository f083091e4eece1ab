-- getQuery keeps the consuming systems and the interface definitions it looks up on every call in
-- memory (server/modules/interfaces/run-query.ts, like the other cached answers of
-- server/lib/result-cache.ts): their changes are announced on `data_changes` too, so a revoked key or
-- a disabled interface is refused by every instance from the commit on.
CREATE TRIGGER "interface_consumers_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "interface_consumers"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "interface_consumers_announce_truncate" AFTER TRUNCATE ON "interface_consumers"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "data_interfaces_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "data_interfaces"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "data_interfaces_announce_truncate" AFTER TRUNCATE ON "data_interfaces"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
