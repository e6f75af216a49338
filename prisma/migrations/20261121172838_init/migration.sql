-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('user', 'admin');

-- CreateEnum
CREATE TYPE "MailStatus" AS ENUM ('queued', 'sent', 'failed');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "username" TEXT,
    "password_hash" TEXT,
    "email_confirmed_at" TIMESTAMP(3),
    "role" "UserRole" NOT NULL DEFAULT 'user',
    "first_name" TEXT,
    "last_name" TEXT,
    "job_title" TEXT,
    "company" TEXT,
    "city" TEXT,
    "country" TEXT,
    "country_code" TEXT,
    "avatar_url" TEXT,
    "cover_photo_url" TEXT,
    "bio" TEXT,
    "about" TEXT,
    "socials" JSONB NOT NULL DEFAULT '{}',
    "subscription_plan" INTEGER NOT NULL DEFAULT 0,
    "trial_used" BOOLEAN NOT NULL DEFAULT false,
    "is_private_account" BOOLEAN NOT NULL DEFAULT false,
    "public_diagram_count" INTEGER NOT NULL DEFAULT 0,
    "follower_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "instance_settings" (
    "key" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "instance_settings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "mail_logs" (
    "id" UUID NOT NULL,
    "template" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT,
    "props" JSONB NOT NULL DEFAULT '{}',
    "status" "MailStatus" NOT NULL DEFAULT 'queued',
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "sent_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mail_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE INDEX "mail_logs_status_created_at_idx" ON "mail_logs"("status", "created_at");
