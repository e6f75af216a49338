-- AlterEnum
ALTER TYPE "PlayKind" ADD VALUE 'study';
