-- AlterTable
ALTER TABLE "plans" ADD COLUMN     "max_study_runs" INTEGER;

-- Runs per balance study for the plans already stored, by their run-steps tier (the seed's numbers;
-- docs/plans.md): Public 20,000, Essential 200,000, Professional 2,000,000, unlimited stays unlimited.
UPDATE "plans" SET "max_study_runs" = CASE
  WHEN "max_run_steps" IS NULL THEN NULL
  WHEN "max_run_steps" <= 250 THEN 20000
  WHEN "max_run_steps" <= 1000 THEN 200000
  ELSE 2000000
END;
