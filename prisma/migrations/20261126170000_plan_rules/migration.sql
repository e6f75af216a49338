-- Which plans need work e-mail addresses for team invitations: a plan feature, no longer a list of names.
ALTER TABLE "plans" ADD COLUMN "work_email_required" BOOLEAN NOT NULL DEFAULT false;
UPDATE "plans" SET "work_email_required" = true WHERE "name" IN ('enterprise', 'enterprise2', 'academia');

-- One pending invitation per team and address. Older duplicates (from concurrent invitations) are revoked first.
UPDATE "team_invitations" AS t
SET "status" = 'revoked', "responded_at" = CURRENT_TIMESTAMP, "updated_at" = CURRENT_TIMESTAMP
WHERE t."status" = 'pending'
  AND EXISTS (
    SELECT 1 FROM "team_invitations" AS o
    WHERE o."workspace_id" = t."workspace_id" AND o."email" = t."email" AND o."status" = 'pending'
      AND (o."created_at", o."id") > (t."created_at", t."id")
  );
CREATE UNIQUE INDEX "team_invitations_pending_email_key"
  ON "team_invitations" ("workspace_id", "email") WHERE "status" = 'pending';
