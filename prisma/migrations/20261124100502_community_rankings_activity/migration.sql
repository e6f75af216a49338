-- AlterTable
ALTER TABLE "users" ADD COLUMN     "view_count" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "diagrams" ADD COLUMN     "view_count" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "community_views" (
    "id" UUID NOT NULL,
    "subject_type" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "visitor_key" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "community_views_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "community_spotlights" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "diagram_id" UUID,
    "user_id" UUID,
    "created_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "community_spotlights_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "community_monthly_picks" (
    "id" UUID NOT NULL,
    "month" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "rank" INTEGER NOT NULL,
    "score" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "community_monthly_picks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "community_templates" (
    "diagram_id" UUID NOT NULL,
    "template_type" TEXT,
    "published_by_id" UUID,
    "published_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "community_templates_pkey" PRIMARY KEY ("diagram_id")
);

-- CreateTable
CREATE TABLE "activities" (
    "id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "actor_id" UUID,
    "subject_user_id" UUID,
    "diagram_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "activities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "activity_views" (
    "user_id" UUID NOT NULL,
    "activity_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "activity_views_pkey" PRIMARY KEY ("user_id","activity_id")
);

-- CreateIndex
CREATE INDEX "community_views_subject_type_day_idx" ON "community_views"("subject_type", "day");

-- CreateIndex
CREATE UNIQUE INDEX "community_views_subject_type_subject_id_visitor_key_day_key" ON "community_views"("subject_type", "subject_id", "visitor_key", "day");

-- CreateIndex
CREATE UNIQUE INDEX "community_spotlights_diagram_id_key" ON "community_spotlights"("diagram_id");

-- CreateIndex
CREATE UNIQUE INDEX "community_spotlights_user_id_key" ON "community_spotlights"("user_id");

-- CreateIndex
CREATE INDEX "community_spotlights_kind_created_at_idx" ON "community_spotlights"("kind", "created_at");

-- CreateIndex
CREATE INDEX "community_monthly_picks_kind_month_rank_idx" ON "community_monthly_picks"("kind", "month", "rank");

-- CreateIndex
CREATE UNIQUE INDEX "community_monthly_picks_month_kind_subject_id_key" ON "community_monthly_picks"("month", "kind", "subject_id");

-- CreateIndex
CREATE INDEX "community_templates_published_at_idx" ON "community_templates"("published_at");

-- CreateIndex
CREATE UNIQUE INDEX "activities_event_id_key" ON "activities"("event_id");

-- CreateIndex
CREATE INDEX "activities_actor_id_created_at_idx" ON "activities"("actor_id", "created_at");

-- CreateIndex
CREATE INDEX "activities_subject_user_id_created_at_idx" ON "activities"("subject_user_id", "created_at");

-- CreateIndex
CREATE INDEX "activities_type_created_at_idx" ON "activities"("type", "created_at");

-- CreateIndex
CREATE INDEX "activities_diagram_id_idx" ON "activities"("diagram_id");

-- CreateIndex
CREATE INDEX "activity_views_activity_id_idx" ON "activity_views"("activity_id");

-- AddForeignKey
ALTER TABLE "community_spotlights" ADD CONSTRAINT "community_spotlights_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "community_spotlights" ADD CONSTRAINT "community_spotlights_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "community_templates" ADD CONSTRAINT "community_templates_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activities" ADD CONSTRAINT "activities_subject_user_id_fkey" FOREIGN KEY ("subject_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activities" ADD CONSTRAINT "activities_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_views" ADD CONSTRAINT "activity_views_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "activity_views" ADD CONSTRAINT "activity_views_activity_id_fkey" FOREIGN KEY ("activity_id") REFERENCES "activities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Community rankings (partial indexes over public diagrams and designers, written by hand:
-- Prisma cannot express them). Explore and see-all sort by these.
CREATE INDEX "diagrams_community_popular_idx" ON "diagrams" ("like_count" DESC, "updated_at" DESC) WHERE "community" AND "deleted_at" IS NULL;
CREATE INDEX "diagrams_community_viewed_idx" ON "diagrams" ("view_count" DESC, "updated_at" DESC) WHERE "community" AND "deleted_at" IS NULL;
CREATE INDEX "diagrams_community_recent_idx" ON "diagrams" ("updated_at" DESC) WHERE "community" AND "deleted_at" IS NULL;
CREATE INDEX "diagrams_community_owner_idx" ON "diagrams" ("owner_id", "updated_at" DESC) INCLUDE ("like_count") WHERE "community" AND "deleted_at" IS NULL;
CREATE INDEX "diagrams_source_id_created_at_idx" ON "diagrams" ("source_id", "created_at") WHERE "source_id" IS NOT NULL;
CREATE INDEX "users_designers_followed_idx" ON "users" ("follower_count" DESC) WHERE "username" IS NOT NULL AND NOT "is_private_account";
CREATE INDEX "users_designers_viewed_idx" ON "users" ("view_count" DESC) WHERE "username" IS NOT NULL AND NOT "is_private_account";
CREATE INDEX "users_designers_created_idx" ON "users" ("created_at" DESC) WHERE "username" IS NOT NULL AND NOT "is_private_account";
CREATE INDEX "users_designers_for_hire_idx" ON "users" ("username") WHERE "available_for_hire" AND "username" IS NOT NULL AND NOT "is_private_account";
CREATE INDEX "diagram_likes_created_at_idx" ON "diagram_likes" ("created_at");
