CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"username" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"persistent" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "feed_entities" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"pb" "bytea" NOT NULL,
	"json" jsonb NOT NULL,
	"trip_id" text,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "feed_entities_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "feed_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by" text,
	"json" jsonb
);
--> statement-breakpoint
CREATE TABLE "feed_state" (
	"kind" text PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gtfs_agencies" (
	"version_id" integer NOT NULL,
	"agency_id" text NOT NULL,
	"agency_name" text NOT NULL,
	"agency_timezone" text NOT NULL,
	CONSTRAINT "gtfs_agencies_version_id_agency_id_pk" PRIMARY KEY("version_id","agency_id")
);
--> statement-breakpoint
CREATE TABLE "gtfs_calendar_dates" (
	"version_id" integer NOT NULL,
	"service_id" text NOT NULL,
	"date" text NOT NULL,
	"exception_type" smallint NOT NULL,
	CONSTRAINT "gtfs_calendar_dates_version_id_service_id_date_pk" PRIMARY KEY("version_id","service_id","date")
);
--> statement-breakpoint
CREATE TABLE "gtfs_calendar" (
	"version_id" integer NOT NULL,
	"service_id" text NOT NULL,
	"weekdays" smallint NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	CONSTRAINT "gtfs_calendar_version_id_service_id_pk" PRIMARY KEY("version_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "gtfs_routes" (
	"version_id" integer NOT NULL,
	"route_id" text NOT NULL,
	"agency_id" text,
	"route_short_name" text,
	"route_long_name" text,
	"route_type" integer,
	"route_color" text,
	"route_text_color" text,
	CONSTRAINT "gtfs_routes_version_id_route_id_pk" PRIMARY KEY("version_id","route_id")
);
--> statement-breakpoint
CREATE TABLE "schedule_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"source_kind" text NOT NULL,
	"source_name" text NOT NULL,
	"uploaded_by" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"agency_timezone" text,
	"counts" jsonb,
	"workbook_file_id" bigint,
	"zip_file_id" bigint,
	"report_html_file_id" bigint,
	"report_json_file_id" bigint
);
--> statement-breakpoint
CREATE TABLE "gtfs_stop_times" (
	"version_id" integer NOT NULL,
	"trip_id" text NOT NULL,
	"stop_sequence" integer NOT NULL,
	"stop_id" text NOT NULL,
	"arrival_secs" integer,
	"departure_secs" integer,
	CONSTRAINT "gtfs_stop_times_version_id_trip_id_stop_sequence_pk" PRIMARY KEY("version_id","trip_id","stop_sequence")
);
--> statement-breakpoint
CREATE TABLE "gtfs_stops" (
	"version_id" integer NOT NULL,
	"stop_id" text NOT NULL,
	"stop_name" text,
	"stop_lat" double precision,
	"stop_lon" double precision,
	"location_type" smallint,
	"parent_station" text,
	CONSTRAINT "gtfs_stops_version_id_stop_id_pk" PRIMARY KEY("version_id","stop_id")
);
--> statement-breakpoint
CREATE TABLE "gtfs_trips" (
	"version_id" integer NOT NULL,
	"trip_id" text NOT NULL,
	"route_id" text NOT NULL,
	"service_id" text NOT NULL,
	"trip_short_name" text,
	"trip_headsign" text,
	"direction_id" smallint,
	"shape_id" text,
	"start_secs" integer,
	"end_secs" integer,
	"last_stop_id" text,
	"trip_number" text,
	CONSTRAINT "gtfs_trips_version_id_trip_id_pk" PRIMARY KEY("version_id","trip_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_messages" ADD CONSTRAINT "job_messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "login_failures_user_idx" ON "login_failures" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feed_entities_expiry_idx" ON "feed_entities" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "feed_log_entity_idx" ON "feed_log" USING btree ("kind","entity_id");--> statement-breakpoint
CREATE INDEX "feed_log_at_idx" ON "feed_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "job_messages_job_idx" ON "job_messages" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "stored_files_kind_idx" ON "stored_files" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_versions_one_current_idx" ON "schedule_versions" USING btree ("status") WHERE status = 'current';--> statement-breakpoint
CREATE INDEX "gtfs_trips_route_idx" ON "gtfs_trips" USING btree ("version_id","route_id","service_id");--> statement-breakpoint
CREATE INDEX "gtfs_trips_number_idx" ON "gtfs_trips" USING btree ("version_id","trip_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "gtfs_trips_service_idx" ON "gtfs_trips" USING btree ("version_id","service_id");