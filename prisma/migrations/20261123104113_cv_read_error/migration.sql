-- CreateEnum
CREATE TYPE "cv_read_error" AS ENUM ('invalid', 'timeout', 'memory', 'crashed', 'too_large');

-- AlterTable
ALTER TABLE "profiles" ADD COLUMN     "cv_read_error" "cv_read_error";
