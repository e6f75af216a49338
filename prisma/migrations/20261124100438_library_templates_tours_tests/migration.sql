-- CreateEnum
CREATE TYPE "LibraryVisibility" AS ENUM ('private', 'team', 'public');

-- CreateTable
CREATE TABLE "templates" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "document" JSONB NOT NULL,
    "chart" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "position" INTEGER NOT NULL DEFAULT 0,
    "built_in" BOOLEAN NOT NULL DEFAULT false,
    "diagram_id" UUID,
    "published_by_id" UUID,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tours" (
    "id" UUID NOT NULL,
    "diagram_id" UUID,
    "template_id" UUID,
    "steps" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tours_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "balance_tests" (
    "id" UUID NOT NULL,
    "diagram_id" UUID NOT NULL,
    "created_by_id" UUID,
    "name" TEXT NOT NULL,
    "node_id" TEXT NOT NULL,
    "step" INTEGER,
    "min" DOUBLE PRECISION,
    "max" DOUBLE PRECISION,
    "share" DOUBLE PRECISION NOT NULL DEFAULT 100,
    "runs" INTEGER NOT NULL DEFAULT 100,
    "seed" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "balance_tests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "balance_test_runs" (
    "id" UUID NOT NULL,
    "test_id" UUID NOT NULL,
    "diagram_version" INTEGER NOT NULL,
    "passed" BOOLEAN NOT NULL,
    "observed_share" DOUBLE PRECISION NOT NULL,
    "runs" INTEGER NOT NULL,
    "ran_by_id" UUID,
    "origin" TEXT NOT NULL DEFAULT 'editor',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "balance_test_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "library_items" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "visibility" "LibraryVisibility" NOT NULL DEFAULT 'private',
    "position" INTEGER NOT NULL DEFAULT 0,
    "content" JSONB NOT NULL,
    "component_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "library_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_preferences" (
    "user_id" UUID NOT NULL,
    "settings" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "user_preferences_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "templates_slug_key" ON "templates"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "templates_diagram_id_key" ON "templates"("diagram_id");

-- CreateIndex
CREATE INDEX "templates_type_position_idx" ON "templates"("type", "position");

-- CreateIndex
CREATE INDEX "templates_created_at_idx" ON "templates"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "tours_diagram_id_key" ON "tours"("diagram_id");

-- CreateIndex
CREATE UNIQUE INDEX "tours_template_id_key" ON "tours"("template_id");

-- CreateIndex
CREATE INDEX "balance_tests_diagram_id_created_at_idx" ON "balance_tests"("diagram_id", "created_at");

-- CreateIndex
CREATE INDEX "balance_test_runs_test_id_created_at_idx" ON "balance_test_runs"("test_id", "created_at");

-- CreateIndex
CREATE INDEX "library_items_workspace_id_position_idx" ON "library_items"("workspace_id", "position");

-- CreateIndex
CREATE INDEX "library_items_visibility_created_at_idx" ON "library_items"("visibility", "created_at");

-- AddForeignKey
ALTER TABLE "templates" ADD CONSTRAINT "templates_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tours" ADD CONSTRAINT "tours_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tours" ADD CONSTRAINT "tours_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "templates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "balance_tests" ADD CONSTRAINT "balance_tests_diagram_id_fkey" FOREIGN KEY ("diagram_id") REFERENCES "diagrams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "balance_test_runs" ADD CONSTRAINT "balance_test_runs_test_id_fkey" FOREIGN KEY ("test_id") REFERENCES "balance_tests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
