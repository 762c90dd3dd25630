-- DropIndex
DROP INDEX "opportunities_active_deadline_idx";

-- AlterTable
ALTER TABLE "profiles" ADD COLUMN     "time_zone" TEXT;

-- CreateIndex
CREATE INDEX "opportunities_active_deadline_id_idx" ON "opportunities"("active", "deadline", "id");

-- CreateIndex
CREATE INDEX "opportunities_active_location_idx" ON "opportunities"("active", "location");

-- Written by hand: context saved before any draft exists has draft_id NULL, and
-- a plain unique index treats NULLs as distinct, so two simultaneous first saves
-- could create two rows for one question. NULLS NOT DISTINCT (PostgreSQL 15+)
-- makes (user, opportunity, question, no draft) unique too. Prisma's diff does
-- not model the clause, so this never shows up as drift.
DROP INDEX "question_contexts_user_id_opportunity_id_question_slug_draf_key";
CREATE UNIQUE INDEX "question_contexts_user_id_opportunity_id_question_slug_draf_key"
    ON "question_contexts"("user_id", "opportunity_id", "question_slug", "draft_id") NULLS NOT DISTINCT;
