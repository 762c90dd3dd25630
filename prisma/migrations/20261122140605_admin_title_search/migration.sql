-- Written by hand: the admin list's title search (title ILIKE '%text%') is served
-- by a trigram index, so filtered counts stop reading the whole table (ADR 012).
-- pg_trgm ships with PostgreSQL's contrib modules (embedded-postgres and the
-- official images include it) and is a trusted extension since PostgreSQL 13, so
-- the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "opportunities_title_trgm_idx" ON "opportunities" USING GIN ("title" gin_trgm_ops);
