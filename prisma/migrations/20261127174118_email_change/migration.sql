-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "email_token_purpose" ADD VALUE 'email_change_approve';
ALTER TYPE "email_token_purpose" ADD VALUE 'email_change_confirm';

-- AlterTable
ALTER TABLE "email_tokens" ADD COLUMN     "new_email" TEXT;
