-- AlterTable
ALTER TABLE "plans" DROP COLUMN "max_events_per_user_per_month";

-- "Events per user per month" and its top-ups leave the plans (F23, F29): there is nothing to meter.
UPDATE "plans"
SET "features" = COALESCE(
  (SELECT jsonb_agg(f) FROM jsonb_array_elements("features") AS f WHERE f->>'label' <> 'Top-up events'),
  '[]'::jsonb
)
WHERE jsonb_typeof("features") = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements("features") AS f WHERE f->>'label' = 'Top-up events');
UPDATE "plans" SET "tagline" = 'Private diagrams for solo designers.'
WHERE "name" = 'starter3' AND "tagline" = 'Pay-as-you-grow events for small teams.';
