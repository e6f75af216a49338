-- CreateTable
CREATE TABLE "content_entries" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'publish',
    "body" TEXT NOT NULL DEFAULT '',
    "html" TEXT NOT NULL DEFAULT '',
    "data" JSONB NOT NULL DEFAULT '{}',
    "chapter_slug" TEXT,
    "parent_slug" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "published_at" TIMESTAMP(3),
    "source" TEXT NOT NULL DEFAULT 'file',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "content_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "content_settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "content_settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "tracking_messages" (
    "id" UUID NOT NULL,
    "message_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "action" TEXT,
    "label" TEXT,
    "value" TEXT,
    "misc" JSONB NOT NULL DEFAULT '[]',
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "anonymous_id" TEXT,
    "user_id" TEXT,
    "utm_source" TEXT,
    "utm_medium" TEXT,
    "utm_campaign" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tracking_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_submissions" (
    "id" UUID NOT NULL,
    "form" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "job_title" TEXT NOT NULL,
    "company" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "contact_submissions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "content_entries_kind_status_position_idx" ON "content_entries"("kind", "status", "position");

-- CreateIndex
CREATE UNIQUE INDEX "content_entries_kind_slug_key" ON "content_entries"("kind", "slug");

-- CreateIndex
CREATE INDEX "tracking_messages_created_at_idx" ON "tracking_messages"("created_at");

-- CreateIndex
CREATE INDEX "tracking_messages_name_created_at_idx" ON "tracking_messages"("name", "created_at");

-- CreateIndex
CREATE INDEX "contact_submissions_form_created_at_idx" ON "contact_submissions"("form", "created_at");

-- Full-text search over content (title A, description B, body C) and trigram suggestions on titles.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE "content_entries" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce("body", '')), 'C')
) STORED;

CREATE INDEX "content_entries_search_vector_idx" ON "content_entries" USING GIN ("search_vector");
CREATE INDEX "content_entries_title_trgm_idx" ON "content_entries" USING GIN ("title" gin_trgm_ops);
