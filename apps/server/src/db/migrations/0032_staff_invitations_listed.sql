ALTER TABLE "staff_setup_tokens" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_setup_tokens" ADD CONSTRAINT "staff_setup_tokens_id_unique" UNIQUE("id");