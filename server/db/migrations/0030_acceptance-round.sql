ALTER TABLE "project_results" ADD COLUMN "round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows submitted before the column existed: the items of one submission share its submitted_at,
-- so the submissions' order within a project is their round (the last one is the pending round).
UPDATE "project_results" AS r SET "round" = ranked.round
FROM (
  SELECT "result_id", dense_rank() OVER (PARTITION BY "project_id" ORDER BY "submitted_at") AS round
  FROM "project_results" WHERE "submitted_at" IS NOT NULL
) AS ranked
WHERE ranked."result_id" = r."result_id";
