-- CreateEnum
CREATE TYPE "answer_status" AS ENUM ('pending', 'written', 'failed');

-- AlterTable
ALTER TABLE "draft_answers" ADD COLUMN     "edit_revision" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "error" TEXT,
ADD COLUMN     "previous_text" TEXT,
ADD COLUMN     "status" "answer_status" NOT NULL DEFAULT 'pending';

-- AlterTable
ALTER TABLE "drafts" ADD COLUMN     "deadline" DATE,
ADD COLUMN     "generation_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "opportunity_url" TEXT;

-- CreateIndex
CREATE INDEX "draft_answers_status_idx" ON "draft_answers"("status");

-- CreateIndex
CREATE INDEX "drafts_status_idx" ON "drafts"("status");

-- Answers written before statuses existed count as written.
UPDATE "draft_answers" SET "status" = 'written' WHERE "model_answer" IS NOT NULL;
