-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "role" AS ENUM ('user', 'admin');

-- CreateEnum
CREATE TYPE "plan" AS ENUM ('free', 'pro');

-- CreateEnum
CREATE TYPE "email_token_purpose" AS ENUM ('confirm_email', 'magic_link', 'password_reset');

-- CreateEnum
CREATE TYPE "link_kind" AS ENUM ('instagram', 'press', 'social', 'portfolio', 'other');

-- CreateEnum
CREATE TYPE "asset_kind" AS ENUM ('cv', 'image');

-- CreateEnum
CREATE TYPE "category" AS ENUM ('grant', 'residency', 'open_call');

-- CreateEnum
CREATE TYPE "question_type" AS ENUM ('short_text', 'long_text', 'multiple_choice', 'multi_select', 'url', 'number');

-- CreateEnum
CREATE TYPE "limit_type" AS ENUM ('words', 'chars');

-- CreateEnum
CREATE TYPE "draft_status" AS ENUM ('generating', 'draft', 'in_progress', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "tone" AS ENUM ('neutral', 'warm', 'confident');

-- CreateEnum
CREATE TYPE "credit_reason" AS ENUM ('first_login_grant', 'draft_generated', 'draft_refund', 'credit_pack', 'admin_adjustment');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "email_verified_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "passwords" (
    "user_id" UUID NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "passwords_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_tokens" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "token_hash" TEXT NOT NULL,
    "purpose" "email_token_purpose" NOT NULL,
    "user_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "setup_tokens" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "token_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "setup_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "window_start" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "profiles" (
    "user_id" UUID NOT NULL,
    "role" "role" NOT NULL DEFAULT 'user',
    "full_name" TEXT,
    "city" TEXT,
    "country" TEXT,
    "mediums" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "interests" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "website_url" TEXT,
    "credits_remaining" INTEGER NOT NULL DEFAULT 0,
    "first_login_grant" BOOLEAN NOT NULL DEFAULT false,
    "drafts_used" INTEGER NOT NULL DEFAULT 0,
    "plan" "plan" NOT NULL DEFAULT 'free',
    "stripe_customer_id" TEXT,
    "onboarding_completed" BOOLEAN NOT NULL DEFAULT false,
    "onboarding_step" INTEGER NOT NULL DEFAULT 1,
    "onboarding_data" JSONB,
    "cv_text" TEXT,
    "artist_brief" TEXT,
    "ingested_at" TIMESTAMPTZ(3),
    "calendar_token" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "profiles_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "user_links" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "kind" "link_kind" NOT NULL DEFAULT 'other',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_assets" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "kind" "asset_kind" NOT NULL,
    "storage_path" TEXT NOT NULL,
    "original_name" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "content_type" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_assets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "opportunities" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "title" TEXT NOT NULL,
    "organization" TEXT NOT NULL DEFAULT '',
    "location" TEXT,
    "deadline" DATE,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "category" "category" NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "url" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "slug" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3),

    CONSTRAINT "opportunities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "opportunity_questions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "opportunity_id" UUID NOT NULL,
    "section" TEXT,
    "label" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "type" "question_type" NOT NULL DEFAULT 'long_text',
    "required" BOOLEAN NOT NULL DEFAULT false,
    "help_text" TEXT,
    "limit_type" "limit_type",
    "limit_value" INTEGER,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "order_index" INTEGER NOT NULL,
    "prompt" TEXT NOT NULL,
    "idx" INTEGER NOT NULL,
    "char_limit" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "opportunity_questions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "opportunity_question_templates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "label" TEXT NOT NULL,
    "type" "question_type" NOT NULL DEFAULT 'long_text',
    "help_text" TEXT,
    "limit_type" "limit_type",
    "limit_value" INTEGER,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "opportunity_question_templates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "saved_opportunities" (
    "user_id" UUID NOT NULL,
    "opportunity_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_opportunities_pkey" PRIMARY KEY ("user_id","opportunity_id")
);

-- CreateTable
CREATE TABLE "drafts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "opportunity_id" UUID,
    "opportunity_title" TEXT NOT NULL,
    "organization" TEXT NOT NULL DEFAULT '',
    "status" "draft_status" NOT NULL DEFAULT 'generating',
    "title" TEXT NOT NULL,
    "tone" "tone" NOT NULL DEFAULT 'neutral',
    "model" TEXT,
    "credit_spent" BOOLEAN NOT NULL DEFAULT false,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "drafts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "draft_answers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "draft_id" UUID NOT NULL,
    "idx" INTEGER NOT NULL,
    "slug" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "question_type" "question_type" NOT NULL DEFAULT 'long_text',
    "required" BOOLEAN NOT NULL DEFAULT false,
    "help_text" TEXT,
    "options" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "limit_type" "limit_type",
    "limit_value" INTEGER,
    "char_limit" INTEGER,
    "model_answer" TEXT,
    "user_edit" TEXT,
    "tokens_used" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "draft_answers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "question_contexts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "opportunity_id" UUID NOT NULL,
    "question_slug" TEXT NOT NULL,
    "draft_id" UUID,
    "notes" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "question_contexts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "context_files" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "context_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "storage_path" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "context_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_ledger" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "delta" INTEGER NOT NULL,
    "balance_after" INTEGER NOT NULL,
    "reason" "credit_reason" NOT NULL,
    "draft_id" UUID,
    "stripe_event_id" TEXT,
    "actor_id" UUID,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_ledger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_stripe_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "price_id" TEXT,
    "current_period_end" TIMESTAMPTZ(3),
    "cancel_at_period_end" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "actor_id" UUID,
    "target_user_id" UUID,
    "action" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "email_tokens_token_hash_key" ON "email_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "email_tokens_user_id_purpose_idx" ON "email_tokens"("user_id", "purpose");

-- CreateIndex
CREATE UNIQUE INDEX "setup_tokens_token_hash_key" ON "setup_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits"("window_start");

-- CreateIndex
CREATE UNIQUE INDEX "profiles_stripe_customer_id_key" ON "profiles"("stripe_customer_id");

-- CreateIndex
CREATE UNIQUE INDEX "profiles_calendar_token_key" ON "profiles"("calendar_token");

-- CreateIndex
CREATE INDEX "profiles_role_idx" ON "profiles"("role");

-- CreateIndex
CREATE INDEX "user_links_user_id_created_at_idx" ON "user_links"("user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "user_assets_storage_path_key" ON "user_assets"("storage_path");

-- CreateIndex
CREATE INDEX "user_assets_user_id_kind_idx" ON "user_assets"("user_id", "kind");

-- CreateIndex
CREATE INDEX "opportunities_active_deadline_idx" ON "opportunities"("active", "deadline");

-- CreateIndex
CREATE INDEX "opportunities_created_at_idx" ON "opportunities"("created_at" DESC);

-- CreateIndex
CREATE INDEX "opportunities_tags_idx" ON "opportunities" USING GIN ("tags");

-- CreateIndex
CREATE INDEX "opportunity_questions_opportunity_id_order_index_idx" ON "opportunity_questions"("opportunity_id", "order_index");

-- CreateIndex
CREATE UNIQUE INDEX "opportunity_questions_opportunity_id_slug_key" ON "opportunity_questions"("opportunity_id", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "opportunity_question_templates_label_key" ON "opportunity_question_templates"("label");

-- CreateIndex
CREATE INDEX "opportunity_question_templates_label_idx" ON "opportunity_question_templates"("label");

-- CreateIndex
CREATE INDEX "saved_opportunities_opportunity_id_idx" ON "saved_opportunities"("opportunity_id");

-- CreateIndex
CREATE INDEX "drafts_user_id_created_at_idx" ON "drafts"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "drafts_opportunity_id_idx" ON "drafts"("opportunity_id");

-- CreateIndex
CREATE INDEX "draft_answers_draft_id_idx_idx" ON "draft_answers"("draft_id", "idx");

-- CreateIndex
CREATE UNIQUE INDEX "draft_answers_draft_id_slug_key" ON "draft_answers"("draft_id", "slug");

-- CreateIndex
CREATE INDEX "question_contexts_opportunity_id_idx" ON "question_contexts"("opportunity_id");

-- CreateIndex
CREATE INDEX "question_contexts_draft_id_idx" ON "question_contexts"("draft_id");

-- CreateIndex
CREATE UNIQUE INDEX "question_contexts_user_id_opportunity_id_question_slug_draf_key" ON "question_contexts"("user_id", "opportunity_id", "question_slug", "draft_id");

-- CreateIndex
CREATE UNIQUE INDEX "context_files_storage_path_key" ON "context_files"("storage_path");

-- CreateIndex
CREATE UNIQUE INDEX "context_files_context_id_name_key" ON "context_files"("context_id", "name");

-- CreateIndex
CREATE INDEX "credit_ledger_user_id_created_at_idx" ON "credit_ledger"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "subscriptions_user_id_idx" ON "subscriptions"("user_id");

-- CreateIndex
CREATE INDEX "audit_log_target_user_id_created_at_idx" ON "audit_log"("target_user_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");

-- AddForeignKey
ALTER TABLE "passwords" ADD CONSTRAINT "passwords_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_links" ADD CONSTRAINT "user_links_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_assets" ADD CONSTRAINT "user_assets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "opportunity_questions" ADD CONSTRAINT "opportunity_questions_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "opportunities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_opportunities" ADD CONSTRAINT "saved_opportunities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saved_opportunities" ADD CONSTRAINT "saved_opportunities_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "opportunities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "opportunities"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "draft_answers" ADD CONSTRAINT "draft_answers_draft_id_fkey" FOREIGN KEY ("draft_id") REFERENCES "drafts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_contexts" ADD CONSTRAINT "question_contexts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_contexts" ADD CONSTRAINT "question_contexts_opportunity_id_fkey" FOREIGN KEY ("opportunity_id") REFERENCES "opportunities"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "question_contexts" ADD CONSTRAINT "question_contexts_draft_id_fkey" FOREIGN KEY ("draft_id") REFERENCES "drafts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "context_files" ADD CONSTRAINT "context_files_context_id_fkey" FOREIGN KEY ("context_id") REFERENCES "question_contexts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_user_id_fkey" FOREIGN KEY ("target_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
