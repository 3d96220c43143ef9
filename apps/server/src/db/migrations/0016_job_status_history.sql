-- Response-time reports (issue 26 item 2): the job status history, one row per status a job entered.
-- Kept by row triggers on event_jobs, so every writer (deploy, PUT, end, geofence, the close of an event, the
-- seed, any later command) records it in its own transaction and no write path can forget it. The time is the
-- row's created_at for an insert and its updated_at for a change (every command stamps both with its clock),
-- or the statement's time when a writer did not touch updated_at.
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
CREATE INDEX "event_job_status_changes_at_idx" ON "event_job_status_changes" USING btree ("at","job_id","status");--> statement-breakpoint
CREATE INDEX "event_job_status_changes_job_idx" ON "event_job_status_changes" USING btree ("job_id","status");--> statement-breakpoint
CREATE FUNCTION event_job_status_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_job_status_changes (job_id, event_id, resource_id, base_id, status, at)
  VALUES (NEW.id, NEW.event_id, NEW.resource_id, NEW.base_id, NEW.event_job_status_id,
    CASE
      WHEN TG_OP = 'INSERT' THEN NEW.created_at
      WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at
      ELSE statement_timestamp()
    END);
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
  WHERE NOT EXISTS (SELECT 1 FROM event_job_status_changes h WHERE h.job_id = ej.id);
