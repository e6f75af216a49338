-- CreateEnum
CREATE TYPE "WorkspaceKind" AS ENUM ('personal', 'team');

-- CreateEnum
CREATE TYPE "WorkspaceRole" AS ENUM ('owner', 'member');

-- CreateEnum
CREATE TYPE "WorkspaceMemberStatus" AS ENUM ('active', 'invited', 'suspended', 'removed');

-- DropIndex
DROP INDEX "diagrams_owner_id_deleted_at_name_key_idx";

-- DropIndex
DROP INDEX "tags_owner_id_name_key_key";

-- AlterTable: nullable first, filled below, then required.
ALTER TABLE "diagrams" ADD COLUMN     "workspace_id" UUID;

-- AlterTable
ALTER TABLE "tags" ADD COLUMN     "workspace_id" UUID;

-- AlterTable
ALTER TABLE "plays" ADD COLUMN     "workspace_id" UUID;

-- CreateTable
CREATE TABLE "workspaces" (
    "id" UUID NOT NULL,
    "kind" "WorkspaceKind" NOT NULL DEFAULT 'personal',
    "name" TEXT NOT NULL,
    "owner_id" UUID NOT NULL,
    "personal_user_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "workspaces_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "workspace_members" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "role" "WorkspaceRole" NOT NULL DEFAULT 'member',
    "status" "WorkspaceMemberStatus" NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "workspace_members_pkey" PRIMARY KEY ("id")
);

-- Backfill: a personal workspace for every existing user (uuid v7 ids from the creation time of the user
-- time), its owner as its one active member, then what they own moves into it. Creator columns stay.
INSERT INTO "workspaces" ("id", "kind", "name", "owner_id", "personal_user_id", "created_at", "updated_at")
SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send(floor(extract(epoch FROM u."created_at") * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid,
       'personal', 'Personal', u."id", u."id", u."created_at", CURRENT_TIMESTAMP
FROM "users" u;

INSERT INTO "workspace_members" ("id", "workspace_id", "user_id", "role", "status", "created_at", "updated_at")
SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send(floor(extract(epoch FROM w."created_at") * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid,
       w."id", w."owner_id", 'owner', 'active', w."created_at", CURRENT_TIMESTAMP
FROM "workspaces" w;

UPDATE "diagrams" d SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_user_id" = d."owner_id";
UPDATE "tags" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal_user_id" = t."owner_id";
UPDATE "plays" p SET "workspace_id" = d."workspace_id" FROM "diagrams" d WHERE d."id" = p."diagram_id";

ALTER TABLE "diagrams" ALTER COLUMN "workspace_id" SET NOT NULL;
ALTER TABLE "tags" ALTER COLUMN "workspace_id" SET NOT NULL;
ALTER TABLE "plays" ALTER COLUMN "workspace_id" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "workspaces_personal_user_id_key" ON "workspaces"("personal_user_id");

-- CreateIndex
CREATE INDEX "workspaces_owner_id_idx" ON "workspaces"("owner_id");

-- CreateIndex
CREATE INDEX "workspace_members_user_id_status_idx" ON "workspace_members"("user_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "workspace_members_workspace_id_user_id_key" ON "workspace_members"("workspace_id", "user_id");

-- CreateIndex
CREATE INDEX "diagrams_workspace_id_deleted_at_updated_at_idx" ON "diagrams"("workspace_id", "deleted_at", "updated_at");

-- CreateIndex
CREATE INDEX "diagrams_workspace_id_deleted_at_name_key_idx" ON "diagrams"("workspace_id", "deleted_at", "name_key");

-- CreateIndex
CREATE UNIQUE INDEX "tags_workspace_id_name_key_key" ON "tags"("workspace_id", "name_key");

-- CreateIndex
CREATE INDEX "plays_workspace_id_kind_created_at_idx" ON "plays"("workspace_id", "kind", "created_at");

-- AddForeignKey
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_personal_user_id_fkey" FOREIGN KEY ("personal_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "diagrams" ADD CONSTRAINT "diagrams_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tags" ADD CONSTRAINT "tags_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "plays" ADD CONSTRAINT "plays_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
