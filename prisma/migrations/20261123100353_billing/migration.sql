-- CreateEnum
CREATE TYPE "plan_source" AS ENUM ('stripe', 'admin');

-- AlterEnum
ALTER TYPE "credit_reason" ADD VALUE 'credit_pack_refund';

-- AlterTable
ALTER TABLE "profiles" ADD COLUMN     "plan_source" "plan_source";

-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "payment_failed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "credit_purchases" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "checkout_session_id" TEXT NOT NULL,
    "payment_intent_id" TEXT,
    "credits" INTEGER NOT NULL,
    "withdrawn" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_purchases_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "credit_purchases_checkout_session_id_key" ON "credit_purchases"("checkout_session_id");

-- CreateIndex
CREATE UNIQUE INDEX "credit_purchases_payment_intent_id_key" ON "credit_purchases"("payment_intent_id");

-- CreateIndex
CREATE INDEX "credit_purchases_user_id_idx" ON "credit_purchases"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "credit_ledger_stripe_event_id_key" ON "credit_ledger"("stripe_event_id");

-- AddForeignKey
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A pack holds credits, and a refund never takes back more than it gave.
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_credits_check" CHECK ("credits" > 0 AND "withdrawn" >= 0 AND "withdrawn" <= "credits");

-- Before Stripe, only admins could make anyone Pro.
UPDATE "profiles" SET "plan_source" = 'admin' WHERE "plan" = 'pro';
