-- Backfill: users.public_diagram_count was never written before the social work. From now on it
-- moves with publish, unpublish, delete and restore in the same transaction.
UPDATE "users" u SET "public_diagram_count" = (
  SELECT count(*)::int FROM "diagrams" d WHERE d."owner_id" = u."id" AND d."community" AND d."deleted_at" IS NULL
);
