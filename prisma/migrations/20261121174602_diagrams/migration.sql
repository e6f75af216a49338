-- CreateEnum
CREATE TYPE "DiagramLinkAccess" AS ENUM ('none', 'view', 'edit');

-- CreateEnum
CREATE TYPE "DiagramShareRole" AS ENUM ('viewer', 'editor', 'none');

-- CreateEnum
CREATE TYPE "PlayKind" AS ENUM ('quick', 'interactive', 'multiple');

-- CreateEnum
CREATE TYPE "PlayStatus" AS ENUM ('queued', 'running', 'done', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "NotificationType" AS ENUM ('info', 'warning', 'error');

-- CreateTable
CREATE TABLE "diagrams" (
    "id" UUID NOT NULL,
    "fuid" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT 'Untitled',
    "description" TEXT NOT NULL DEFAULT '',
    "owner_id" UUID NOT NULL,
    "document" JSONB NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "link_access" "DiagramLinkAccess" NOT NULL DEFAULT 'none',
    "community" BOOLEAN NOT NULL DEFAULT false,
    "time_steps_limit" INTEGER NOT NULL DEFAULT 100,
    "type_tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "node_count" INTEGER NOT NULL DEFAULT 0,
    "connection_count" INTEGER NOT NULL DEFAULT 0,
    "component_count" INTEGER NOT NULL DEFAULT 0,
    "size_bytes" INTEGER NOT NULL DEFAULT 0,
    "play_count" INTEGER NOT NULL DEFAULT 0,
    "fork_count" INTEGER NOT NULL DEFAULT 0,
    "like_count" INTEGER NOT NULL DEFAULT 0,
    "source_id" UUID,
    "file_token" TEXT NOT NULL,
    "saved_at" TIMESTAMP(3),
    "saved_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "diagrams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "diagram_revisions" (
    "id" UUID NOT NULL,
    "diagram_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "first_version" INTEGER NOT NULL,
    "saves" INTEGER NOT NULL DEFAULT 1,
    "author_id" UUID,
    "document" JSONB NOT NULL,
    "restored_from_id" UUID,
    "restored_from_version" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "diagram_revisions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "diagram_shares" (
    "id" UUID NOT NULL,
    "diagram_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "role" "DiagramShareRole" NOT NULL,
    "invited_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "diagram_shares_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tags" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "name_key" TEXT NOT NULL,
    "text_color" TEXT NOT NULL,
    "background_color" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tags_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "diagram_tags" (
    "diagram_id" UUID NOT NULL,
    "tag_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "diagram_tags_pkey" PRIMARY KEY ("diagram_id","tag_id")
);

-- CreateTable
CREATE TABLE "plays" (
    "id" UUID NOT NULL,
    "diagram_id" UUID NOT NULL,
    "author_id" UUID,
    "kind" "PlayKind" NOT NULL,
    "status" "PlayStatus" NOT NULL DEFAULT 'done',
    "name" TEXT,
    "diagram_version" INTEGER NOT NULL,
    "seed" INTEGER NOT NULL,
    "runs" INTEGER NOT NULL DEFAULT 1,
    "completed_runs" INTEGER NOT NULL DEFAULT 0,
    "steps" INTEGER NOT NULL DEFAULT 0,
    "total_steps" INTEGER NOT NULL DEFAULT 0,
    "end_reasons" JSONB NOT NULL DEFAULT '{}',
    "series" JSONB,
    "stats" JSONB,
    "options" JSONB NOT NULL DEFAULT '{}',
    "server" BOOLEAN NOT NULL DEFAULT false,
    "error" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "plays_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "diagram_thumbnails" (
    "diagram_id" UUID NOT NULL,
    "size" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "png" BYTEA NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "diagram_thumbnails_pkey" PRIMARY KEY ("diagram_id","size")
);

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "type" "NotificationType" NOT NULL,
    "message" TEXT NOT NULL,
    "link" TEXT,
    "viewed_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "diagrams_fuid_key" ON "diagrams"("fuid");

-- CreateIndex
CREATE UNIQUE INDEX "diagrams_file_token_key" ON "diagrams"("file_token");

-- CreateIndex
CREATE INDEX "diagrams_owner_id_deleted_at_updated_at_idx" ON "diagrams"("owner_id", "deleted_at", "updated_at");

-- CreateIndex
CREATE INDEX "diagrams_community_deleted_at_updated_at_idx" ON "diagrams"("community", "deleted_at", "updated_at");

-- CreateIndex
CREATE INDEX "diagram_revisions_diagram_id_updated_at_idx" ON "diagram_revisions"("diagram_id", "updated_at");

-- CreateIndex
CREATE INDEX "diagram_shares_email_idx" ON "diagram_shares"("email");

-- CreateIndex
CREATE UNIQUE INDEX "diagram_shares_diagram_id_email_key" ON "diagram_shares"("diagram_id", "email");

-- CreateIndex
CREATE UNIQUE INDEX "tags_owner_id_name_key_key" ON "tags"("owner_id", "name_key");

-- CreateIndex
CREATE INDEX "diagram_tags_tag_id_idx" ON "diagram_tags"("tag_id");

-- CreateIndex
CREATE INDEX "plays_diagram_id_created_at_idx" ON "plays"("diagram_id", "created_at");

-- CreateIndex
CREATE INDEX "plays_author_id_status_idx" ON "plays"("author_id", "status");

-- CreateIndex
CREATE INDEX "notifications_user_id_created_at_idx" ON "notifications"("user_id", "created_at");

-- AddForeignKey
ALTER TABLE "diagrams" ADD CONSTRAINT "diagrams_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagrams" ADD CONSTRAINT "diagrams_saved_by_id_fkey" FOREIGN KEY ("saved_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagrams" ADD CONSTRAINT "diagrams_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "diagrams"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagram_revisions" ADD CONSTRAINT "diagram_revisions_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagram_revisions" ADD CONSTRAINT "diagram_revisions_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagram_shares" ADD CONSTRAINT "diagram_shares_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagram_shares" ADD CONSTRAINT "diagram_shares_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tags" ADD CONSTRAINT "tags_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagram_tags" ADD CONSTRAINT "diagram_tags_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagram_tags" ADD CONSTRAINT "diagram_tags_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plays" ADD CONSTRAINT "plays_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plays" ADD CONSTRAINT "plays_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagram_thumbnails" ADD CONSTRAINT "diagram_thumbnails_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
