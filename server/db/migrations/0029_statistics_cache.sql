-- The per-district statistics (server/modules/queries/district-county.ts) are kept in memory like
-- the other busy read calls (server/lib/result-cache.ts) and also read contracts: its changes are
-- announced on `data_changes` too, by the function of migration 0021.
CREATE TRIGGER "contracts_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "contracts"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
--> statement-breakpoint
CREATE TRIGGER "contracts_announce_truncate" AFTER TRUNCATE ON "contracts"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_table_change"();
