CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "permission_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"permission" text NOT NULL,
	"role_id" integer,
	"group_id" integer,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"instance" text NOT NULL,
	"app_code" text NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_devices" (
	"user_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "user_devices_user_id_device_id_pk" PRIMARY KEY("user_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"base_id" integer,
	"phone" text,
	"email" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "bases" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"base_category_id" integer DEFAULT 1 NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"phone" text,
	"email" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bases_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "device_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"tested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"base_id" integer,
	"user_id" integer,
	"resource_id" integer,
	"number" text,
	"status" integer DEFAULT 1 NOT NULL,
	"ownership" text DEFAULT 'corporate' NOT NULL,
	"connected_at" timestamp with time zone,
	"tested_at" timestamp with time zone,
	"test_result" jsonb,
	"location_longitude" double precision,
	"location_latitude" double precision,
	"app_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "event_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"code_short_name" text,
	"type" text DEFAULT 'event' NOT NULL,
	"icon" text,
	"color" text,
	"alert" integer DEFAULT 0 NOT NULL,
	"sound_asset_id" integer,
	"tabs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"inputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"toggle_category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marker" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_sources" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_states" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_terrains" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "priorities" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"color" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"event_type_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag_category_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tags_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"type" integer NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_to_base" (
	"event_id" integer NOT NULL,
	"base_id" integer NOT NULL,
	CONSTRAINT "event_to_base_event_id_base_id_pk" PRIMARY KEY("event_id","base_id")
);
--> statement-breakpoint
CREATE TABLE "event_to_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_event_id" integer NOT NULL,
	"target_event_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_to_tags" (
	"event_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_to_tags_event_id_tag_id_pk" PRIMARY KEY("event_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"parent_id" integer,
	"event_state_id" integer DEFAULT 1 NOT NULL,
	"event_status_id" integer DEFAULT 2 NOT NULL,
	"event_type_id" integer DEFAULT 2,
	"event_source_id" integer DEFAULT 2,
	"event_category_id" integer DEFAULT 5 NOT NULL,
	"event_terrain_id" integer DEFAULT 1,
	"service_id" integer,
	"priority_id" integer,
	"device_id" integer,
	"base_id" integer,
	"uid" text,
	"code" text,
	"event_access" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_roles" jsonb DEFAULT '[50]'::jsonb NOT NULL,
	"header" jsonb,
	"alert" jsonb,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"subject" text,
	"description" text,
	"reporter_name" text,
	"reporter_number" text,
	"reporter_description" text,
	"address" text,
	"address_data" jsonb,
	"address_description" text,
	"start" timestamp with time zone,
	"eta" timestamp with time zone,
	"eta_duration" integer,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"target_latitude" double precision,
	"target_longitude" double precision,
	"destination_latitude" double precision,
	"destination_longitude" double precision,
	"investigator" text,
	"manager" text,
	"locations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "message_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"unread_class" text
);
--> statement-breakpoint
CREATE TABLE "message_reads" (
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reads_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "message_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"color_text" text,
	"tooltip_active" text,
	"tooltip_inactive" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_tags_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"message_category_id" integer,
	"type" text DEFAULT 'X03' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_to_tags" (
	"message_id" integer NOT NULL,
	"message_tag_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_to_tags_message_id_message_tag_id_pk" PRIMARY KEY("message_id","message_tag_id")
);
--> statement-breakpoint
CREATE TABLE "message_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "message_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text,
	"event_id" integer NOT NULL,
	"conversation_id" integer,
	"message_category_id" integer DEFAULT 1 NOT NULL,
	"type" text DEFAULT 'X03' NOT NULL,
	"content" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"media" jsonb,
	"user_id" integer,
	"device_id" integer,
	"device_code" text,
	"sender_name" text,
	"longitude" double precision,
	"latitude" double precision,
	"accuracy" double precision,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "contact_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"resolver" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"number" text NOT NULL,
	"description" text,
	"base_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text,
	"event_id" integer NOT NULL,
	"contact_type_id" integer DEFAULT 4 NOT NULL,
	"title" text,
	"name" text,
	"number" text,
	"custom" boolean DEFAULT true NOT NULL,
	"persistent" boolean DEFAULT false NOT NULL,
	"device_id" integer,
	"prefix" text,
	"suffix" text,
	"code" text,
	"type" text,
	"icon" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_contacts_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "event_job_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"color" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text,
	"event_id" integer NOT NULL,
	"event_job_status_id" integer DEFAULT 14 NOT NULL,
	"base_id" integer,
	"resource_id" integer,
	"arrive_at" timestamp with time zone,
	"event_job_category_id" integer,
	"show_waypoints_timeout" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "event_jobs_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "resource_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"resource_id" integer NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"speed" double precision,
	"accuracy" double precision,
	"source_name" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"licence" text,
	"base_id" integer,
	"resource_type_id" integer,
	"icon" text,
	"url" text,
	"url_name" text,
	"status" integer DEFAULT 0 NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"speed" double precision,
	"source_name" text,
	"location_at" timestamp with time zone,
	"location_accuracy" double precision,
	"destination_longitude" double precision,
	"destination_latitude" double precision,
	"waypoints" text,
	"route" jsonb,
	"eta" timestamp with time zone,
	"active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_geos" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"event_id" integer NOT NULL,
	"geojson" jsonb NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"title" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_geos_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "event_objects" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"event_id" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"content" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_objects_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "change_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL,
	"table_name" text NOT NULL,
	"row_id" integer NOT NULL,
	"op" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"device_id" integer,
	"type" text NOT NULL,
	"table_name" text NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"user_id" integer,
	"device_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sound_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"file" text NOT NULL,
	"mime" text DEFAULT 'audio/mpeg' NOT NULL,
	"data" "bytea",
	CONSTRAINT "sound_assets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sync_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"min_revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "permission_grants" ADD CONSTRAINT "permission_grants_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_grants" ADD CONSTRAINT "permission_grants_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_grants" ADD CONSTRAINT "permission_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tests" ADD CONSTRAINT "device_tests_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_tag_category_id_tag_categories_id_fk" FOREIGN KEY ("tag_category_id") REFERENCES "public"."tag_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_to_base" ADD CONSTRAINT "event_to_base_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_to_base" ADD CONSTRAINT "event_to_base_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_to_event" ADD CONSTRAINT "event_to_event_source_event_id_events_id_fk" FOREIGN KEY ("source_event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_to_event" ADD CONSTRAINT "event_to_event_target_event_id_events_id_fk" FOREIGN KEY ("target_event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_to_tags" ADD CONSTRAINT "event_to_tags_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_to_tags" ADD CONSTRAINT "event_to_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_parent_id_events_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reads" ADD CONSTRAINT "message_reads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_to_tags" ADD CONSTRAINT "message_to_tags_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_to_tags" ADD CONSTRAINT "message_to_tags_message_tag_id_message_tags_id_fk" FOREIGN KEY ("message_tag_id") REFERENCES "public"."message_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_contacts" ADD CONSTRAINT "event_contacts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_contacts" ADD CONSTRAINT "event_contacts_contact_type_id_contact_types_id_fk" FOREIGN KEY ("contact_type_id") REFERENCES "public"."contact_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_jobs" ADD CONSTRAINT "event_jobs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_jobs" ADD CONSTRAINT "event_jobs_event_job_status_id_event_job_statuses_id_fk" FOREIGN KEY ("event_job_status_id") REFERENCES "public"."event_job_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_jobs" ADD CONSTRAINT "event_jobs_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_jobs" ADD CONSTRAINT "event_jobs_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_positions" ADD CONSTRAINT "resource_positions_resource_id_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_base_id_bases_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."bases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_geos" ADD CONSTRAINT "event_geos_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_objects" ADD CONSTRAINT "event_objects_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "permission_grants_role_idx" ON "permission_grants" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "permission_grants_group_idx" ON "permission_grants" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "device_tests_device_idx" ON "device_tests" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "devices_base_idx" ON "devices" USING btree ("base_id");--> statement-breakpoint
CREATE INDEX "conversations_event_idx" ON "conversations" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_to_base_base_idx" ON "event_to_base" USING btree ("base_id");--> statement-breakpoint
CREATE INDEX "event_to_event_source_idx" ON "event_to_event" USING btree ("source_event_id");--> statement-breakpoint
CREATE INDEX "event_to_event_target_idx" ON "event_to_event" USING btree ("target_event_id");--> statement-breakpoint
CREATE INDEX "events_base_idx" ON "events" USING btree ("base_id");--> statement-breakpoint
CREATE INDEX "events_state_idx" ON "events" USING btree ("event_state_id");--> statement-breakpoint
CREATE INDEX "events_parent_idx" ON "events" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "messages_event_idx" ON "messages" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "contacts_number_idx" ON "contacts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "event_contacts_event_idx" ON "event_contacts" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_jobs_event_idx" ON "event_jobs" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_jobs_resource_idx" ON "event_jobs" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "resource_positions_resource_idx" ON "resource_positions" USING btree ("resource_id","recorded_at");--> statement-breakpoint
CREATE INDEX "resources_base_idx" ON "resources" USING btree ("base_id");--> statement-breakpoint
CREATE INDEX "event_geos_event_idx" ON "event_geos" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_objects_event_idx" ON "event_objects" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "change_log_revision_idx" ON "change_log" USING btree ("revision");--> statement-breakpoint
CREATE INDEX "journal_event_idx" ON "journal" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "media_event_file_idx" ON "media" USING btree ("event_id","file_name");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status","id");