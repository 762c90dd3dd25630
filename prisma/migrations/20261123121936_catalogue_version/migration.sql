-- CreateTable
CREATE TABLE "catalogue_version" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "catalogue_version_pkey" PRIMARY KEY ("id")
);

-- The one row, and the trigger that bumps it: once per statement that changes opportunities
-- (a bulk import bumps it once), so a cache compares one number instead of re-reading the catalogue.
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);

CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
    RETURN NULL;
END
$$;

CREATE TRIGGER "opportunities_catalogue_version"
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "opportunities"
    FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
