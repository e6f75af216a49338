-- Webhooks: failures in a row (disabled automatically at the limit), when that happened, and an
-- index for the job that prunes old deliveries.
ALTER TABLE "webhooks" ADD COLUMN "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "disabled_at" TIMESTAMP(3);

CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");
