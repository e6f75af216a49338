-- CreateTable
CREATE TABLE "diagram_live_documents" (
    "diagram_id" UUID NOT NULL,
    "state" BYTEA NOT NULL,
    "diagram_version" INTEGER NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "diagram_live_documents_pkey" PRIMARY KEY ("diagram_id")
);

-- AddForeignKey
ALTER TABLE "diagram_live_documents" ADD CONSTRAINT "diagram_live_documents_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
