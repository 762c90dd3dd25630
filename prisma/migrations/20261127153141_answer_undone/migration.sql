-- AlterTable
ALTER TABLE "draft_answers" ADD COLUMN     "undone" BOOLEAN NOT NULL DEFAULT false;
