-- smo (the owner's rating of an agency) gets configurable, versioned criteria like smd and con: the
-- three fixed columns become version 1 of its criteria, kept as labels beside the scores.
ALTER TABLE "evaluation_criteria" DROP CONSTRAINT "evaluation_criteria_kind_check";--> statement-breakpoint
ALTER TABLE "evaluation_criteria" ADD CONSTRAINT "evaluation_criteria_kind_check" CHECK ("evaluation_criteria"."kind" in ('smo', 'smd', 'con'));--> statement-breakpoint
ALTER TABLE "construction_satisfaction" ADD COLUMN "criteria_version" integer;--> statement-breakpoint
ALTER TABLE "construction_satisfaction" ADD COLUMN "scores" jsonb;--> statement-breakpoint
UPDATE "construction_satisfaction" SET
	"criteria_version" = 1,
	"scores" = jsonb_build_array(
		jsonb_build_object('label', '成果质量', 'score', "quality"),
		jsonb_build_object('label', '及时性', 'score', "timeliness"),
		jsonb_build_object('label', '服务态度', 'score', "service")
	);--> statement-breakpoint
ALTER TABLE "construction_satisfaction" ALTER COLUMN "criteria_version" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "construction_satisfaction" ALTER COLUMN "scores" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "construction_satisfaction" DROP CONSTRAINT "construction_satisfaction_scores_check";--> statement-breakpoint
ALTER TABLE "construction_satisfaction" DROP COLUMN "quality";--> statement-breakpoint
ALTER TABLE "construction_satisfaction" DROP COLUMN "timeliness";--> statement-breakpoint
ALTER TABLE "construction_satisfaction" DROP COLUMN "service";
