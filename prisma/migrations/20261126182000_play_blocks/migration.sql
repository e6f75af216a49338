-- CreateTable
CREATE TABLE "play_blocks" (
    "play_id" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "first" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,
    "summary" BYTEA NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "play_blocks_pkey" PRIMARY KEY ("play_id","index")
);

-- AddForeignKey
ALTER TABLE "play_blocks" ADD CONSTRAINT "play_blocks_play_id_fkey" FOREIGN KEY ("play_id") REFERENCES "plays"("id") ON DELETE CASCADE ON UPDATE CASCADE;
