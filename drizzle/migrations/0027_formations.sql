CREATE TABLE "formations" (
	"trip_id" text NOT NULL,
	"service_date" text NOT NULL,
	"carriages" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	CONSTRAINT "formations_trip_id_service_date_pk" PRIMARY KEY("trip_id","service_date")
);
--> statement-breakpoint
CREATE INDEX "formations_created_by_idx" ON "formations" USING btree ("created_by","created_at");