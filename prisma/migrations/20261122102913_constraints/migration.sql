-- Written by hand: rules that Prisma's schema language cannot express.
--
-- Prisma's migration diff ignores CHECK constraints, so these never show up as
-- drift and are never dropped by a generated migration. They live only in
-- migrations: to change one, add a new migration that drops and re-adds it.
-- Names follow PostgreSQL's own convention, <table>_<column>_check.

-- Credits and usage counters never go negative, whatever code path writes them.
ALTER TABLE "profiles"
    ADD CONSTRAINT "profiles_credits_remaining_check" CHECK ("credits_remaining" >= 0),
    ADD CONSTRAINT "profiles_drafts_used_check" CHECK ("drafts_used" >= 0);

ALTER TABLE "credit_ledger"
    ADD CONSTRAINT "credit_ledger_balance_after_check" CHECK ("balance_after" >= 0);

ALTER TABLE "opportunities"
    ADD CONSTRAINT "opportunities_title_check" CHECK (char_length("title") BETWEEN 3 AND 200),
    ADD CONSTRAINT "opportunities_tags_check" CHECK (cardinality("tags") <= 10);

-- A limit is a (type, value) pair: both set or both null, and the value positive.
-- A CHECK passes on NULL, so limit_value > 0 only applies when a limit is set.
ALTER TABLE "opportunity_questions"
    ADD CONSTRAINT "opportunity_questions_label_check" CHECK (char_length("label") BETWEEN 3 AND 200),
    ADD CONSTRAINT "opportunity_questions_limit_value_check" CHECK ("limit_value" > 0),
    ADD CONSTRAINT "opportunity_questions_limit_check" CHECK (("limit_type" IS NULL) = ("limit_value" IS NULL));

ALTER TABLE "question_contexts"
    ADD CONSTRAINT "question_contexts_notes_check" CHECK (char_length("notes") <= 2000);

-- Context files are at most 10 MiB.
ALTER TABLE "context_files"
    ADD CONSTRAINT "context_files_size_check" CHECK ("size" BETWEEN 0 AND 10485760);
