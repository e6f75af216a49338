-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "title" TEXT;
