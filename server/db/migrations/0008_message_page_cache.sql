DROP INDEX "messages_user_id_add_time_idx";--> statement-breakpoint
CREATE INDEX "messages_user_id_add_time_message_id_idx" ON "messages" USING btree ("user_id","add_time","message_id");--> statement-breakpoint
-- Every change to messages, by any writer (this application's modules, a future one, a database
-- console), announces the users whose messages changed on the `messages` channel, once per statement
-- and delivered at commit: instances drop those users' cached message pages and wake their unread
-- count streams (server/modules/messages/page-cache.ts, hub.ts). A payload over NOTIFY's 8000-byte
-- limit is sent as `*` (everyone's may have changed).
CREATE FUNCTION "messages_announce_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    changed := '*';
  ELSIF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT user_id::text, ',') INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT user_id::text, ',') INTO changed FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT user_id::text, ',') INTO changed
      FROM (SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) AS touched;
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM pg_notify('messages', CASE WHEN length(changed) < 7900 THEN changed ELSE '*' END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_announce_insert" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "messages_announce_change"();--> statement-breakpoint
CREATE TRIGGER "messages_announce_update" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "messages_announce_change"();--> statement-breakpoint
CREATE TRIGGER "messages_announce_delete" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "messages_announce_change"();
--> statement-breakpoint
CREATE TRIGGER "messages_announce_truncate" AFTER TRUNCATE ON "messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "messages_announce_change"();
