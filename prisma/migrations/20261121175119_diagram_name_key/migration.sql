-- AlterTable
ALTER TABLE "diagrams" ADD COLUMN     "name_key" TEXT NOT NULL DEFAULT 'untitled';

-- CreateIndex
CREATE INDEX "diagrams_owner_id_deleted_at_name_key_idx" ON "diagrams"("owner_id", "deleted_at", "name_key");
