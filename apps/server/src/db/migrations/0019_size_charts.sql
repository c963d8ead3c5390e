CREATE TABLE "size_charts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"fit_note" text DEFAULT '' NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "size_charts_name_unique" UNIQUE("name"),
	CONSTRAINT "size_charts_rows_array" CHECK (jsonb_typeof("size_charts"."rows") = 'array')
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "size_chart_id" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_size_chart_id_size_charts_id_fk" FOREIGN KEY ("size_chart_id") REFERENCES "public"."size_charts"("id") ON DELETE set null ON UPDATE no action;