-- AlterTable
ALTER TABLE "users" ADD COLUMN     "disabled_at" TIMESTAMP(3),
ADD COLUMN     "last_login_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "mail_logs" ADD COLUMN     "html" TEXT,
ADD COLUMN     "text" TEXT;
