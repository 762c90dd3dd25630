-- Best match scores the soonest open calls by their tags (server/domain/feed/feed.ts). With the tags
-- in the deadline index, that walk reads the index alone (an index-only scan) instead of 2,000 table
-- rows: 15 ms -> 3 ms for the statement at 100,000 calls; the filtered feed went from 33 to 7.5 ms
-- on the same catalogue (ADR 026, decision 16). Tags are a key column because prisma/schema.prisma
-- cannot say INCLUDE; at most 10 tags of at most 50 characters keep an entry well under btree's
-- size limit.

-- DropIndex
DROP INDEX "opportunities_active_deadline_id_idx";

-- CreateIndex
CREATE INDEX "opportunities_active_deadline_id_tags_idx" ON "opportunities"("active", "deadline", "id", "tags");
