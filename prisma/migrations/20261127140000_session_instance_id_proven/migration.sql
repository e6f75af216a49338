-- AlterTable: the instance ID is asked once per administrator's sign-in session (remembered here).
ALTER TABLE "sessions" ADD COLUMN     "instance_id_proven_at" TIMESTAMP(3);
