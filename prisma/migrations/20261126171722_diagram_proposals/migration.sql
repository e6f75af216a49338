-- CreateEnum
CREATE TYPE "DiagramProposalStatus" AS ENUM ('open', 'accepted', 'declined');

-- CreateTable
CREATE TABLE "diagram_copy_bases" (
    "diagram_id" UUID NOT NULL,
    "source_version" INTEGER NOT NULL,
    "document" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "diagram_copy_bases_pkey" PRIMARY KEY ("diagram_id")
);

-- CreateTable
CREATE TABLE "diagram_proposals" (
    "id" UUID NOT NULL,
    "source_id" UUID NOT NULL,
    "copy_id" UUID NOT NULL,
    "proposer_id" UUID NOT NULL,
    "status" "DiagramProposalStatus" NOT NULL DEFAULT 'open',
    "message" TEXT NOT NULL DEFAULT '',
    "base_version" INTEGER NOT NULL,
    "base_document" JSONB NOT NULL,
    "proposed_document" JSONB NOT NULL,
    "decided_by_id" UUID,
    "decided_at" TIMESTAMP(3),
    "result_version" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "diagram_proposals_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "diagram_proposals_source_id_status_created_at_idx" ON "diagram_proposals"("source_id", "status", "created_at");

-- CreateIndex
CREATE INDEX "diagram_proposals_copy_id_status_idx" ON "diagram_proposals"("copy_id", "status");

-- AddForeignKey
ALTER TABLE "diagram_copy_bases" ADD CONSTRAINT "diagram_copy_bases_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagram_proposals" ADD CONSTRAINT "diagram_proposals_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagram_proposals" ADD CONSTRAINT "diagram_proposals_copy_id_fkey" FOREIGN KEY ("copy_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagram_proposals" ADD CONSTRAINT "diagram_proposals_proposer_id_fkey" FOREIGN KEY ("proposer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagram_proposals" ADD CONSTRAINT "diagram_proposals_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
