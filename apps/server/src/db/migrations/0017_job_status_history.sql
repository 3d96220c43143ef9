-- Response-time reports (issue 26 item 2): the job status history (one row per status a job entered) and per job
-- the first time of each status the report measures. Kept by row triggers on event_jobs, so every writer (deploy,
-- PUT, end, geofence, the close of an event, the seed, any later command) records them in its own transaction and
-- no write path can forget them. The time is the row's created_at for an insert and its updated_at for a change
-- (every command stamps both with its clock), or the statement's time when a writer did not touch updated_at.
CREATE TABLE "event_job_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"resource_id" integer,
	"base_id" integer,
	"status" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_job_times" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"resource_id" integer,
	"base_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"t14" timestamp with time zone,
	"t15" timestamp with time zone,
	"t18" timestamp with time zone,
	"t19" timestamp with time zone,
	"t20" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "event_job_times" ADD CONSTRAINT "event_job_times_job_id_event_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."event_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_job_status_changes_job_idx" ON "event_job_status_changes" USING btree ("job_id","at");--> statement-breakpoint
CREATE INDEX "event_job_status_changes_at_idx" ON "event_job_status_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "event_job_times_started_idx" ON "event_job_times" USING btree ("started_at");--> statement-breakpoint
CREATE FUNCTION event_job_status_history() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := CASE
    WHEN TG_OP = 'INSERT' THEN NEW.created_at
    WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at
    ELSE statement_timestamp()
  END;
  s integer := NEW.event_job_status_id;
BEGIN
  INSERT INTO event_job_status_changes (job_id, event_id, resource_id, base_id, status, at)
  VALUES (NEW.id, NEW.event_id, NEW.resource_id, NEW.base_id, s, at);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_job_times (job_id, event_id, resource_id, base_id, started_at, t14, t15, t18, t19, t20)
    VALUES (NEW.id, NEW.event_id, NEW.resource_id, NEW.base_id, NEW.created_at,
      CASE WHEN s = 14 THEN at END, CASE WHEN s = 15 THEN at END, CASE WHEN s = 18 THEN at END,
      CASE WHEN s = 19 THEN at END, CASE WHEN s = 20 THEN at END);
  ELSIF s IN (14, 15, 18, 19, 20) THEN
    -- the first time it entered the status counts (a step back and forth keeps it)
    UPDATE event_job_times SET
      t14 = CASE WHEN s = 14 THEN coalesce(t14, at) ELSE t14 END,
      t15 = CASE WHEN s = 15 THEN coalesce(t15, at) ELSE t15 END,
      t18 = CASE WHEN s = 18 THEN coalesce(t18, at) ELSE t18 END,
      t19 = CASE WHEN s = 19 THEN coalesce(t19, at) ELSE t19 END,
      t20 = CASE WHEN s = 20 THEN coalesce(t20, at) ELSE t20 END
    WHERE job_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER event_job_status_history_insert AFTER INSERT ON event_jobs
  FOR EACH ROW EXECUTE FUNCTION event_job_status_history();--> statement-breakpoint
CREATE TRIGGER event_job_status_history_update AFTER UPDATE OF event_job_status_id ON event_jobs
  FOR EACH ROW WHEN (OLD.event_job_status_id IS DISTINCT FROM NEW.event_job_status_id)
  EXECUTE FUNCTION event_job_status_history();--> statement-breakpoint
-- The history so far, from the journal: the deploy's start status (eventJob.create), a PUT's or the geofence's
-- change (data.changes.eventJobStatusId.new) and an end (data.eventJobStatusId.new = 20). A removed job keeps
-- its journal rows, so it keeps its history (vehicle from the journal, base unknown).
INSERT INTO event_job_status_changes (job_id, event_id, resource_id, base_id, status, at)
  SELECT (j.data->>'id')::int, j.event_id, coalesce(ej.resource_id, (j.data->>'resourceId')::int), ej.base_id,
    CASE
      WHEN j.type = 'eventJob.create' THEN (j.data->>'eventJobStatusId')::int
      WHEN j.type = 'eventJob.end' THEN 20
      ELSE (j.data->'changes'->'eventJobStatusId'->>'new')::int
    END,
    j.date
  FROM journal j
  LEFT JOIN event_jobs ej ON ej.id = (j.data->>'id')::int
  WHERE j.table_name = 'event_jobs' AND j.event_id IS NOT NULL
    AND jsonb_typeof(j.data->'id') = 'number'
    AND (
      (j.type = 'eventJob.create' AND jsonb_typeof(j.data->'eventJobStatusId') = 'number')
      OR j.type = 'eventJob.end'
      OR (j.type IN ('eventJob.update', 'eventJob.geofence')
        AND jsonb_typeof(j.data->'changes'->'eventJobStatusId'->'new') = 'number')
    )
  ORDER BY j.id;--> statement-breakpoint
-- Jobs written without a journal row of their deploy (the demo seed's): their status as of their creation.
INSERT INTO event_job_status_changes (job_id, event_id, resource_id, base_id, status, at)
  SELECT ej.id, ej.event_id, ej.resource_id, ej.base_id, ej.event_job_status_id, ej.created_at
  FROM event_jobs ej
  WHERE NOT EXISTS (SELECT 1 FROM event_job_status_changes h WHERE h.job_id = ej.id);--> statement-breakpoint
-- The per-job times of the jobs that still exist, from that history.
INSERT INTO event_job_times (job_id, event_id, resource_id, base_id, started_at, t14, t15, t18, t19, t20)
  SELECT ej.id, ej.event_id, ej.resource_id, ej.base_id, ej.created_at,
    min(h.at) FILTER (WHERE h.status = 14), min(h.at) FILTER (WHERE h.status = 15),
    min(h.at) FILTER (WHERE h.status = 18), min(h.at) FILTER (WHERE h.status = 19),
    min(h.at) FILTER (WHERE h.status = 20)
  FROM event_jobs ej
  JOIN event_job_status_changes h ON h.job_id = ej.id
  GROUP BY ej.id;
