-- AlterTable
ALTER TABLE "draft_answers" ADD COLUMN     "edit_tab" VARCHAR(32);
