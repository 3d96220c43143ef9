/**
 * What makes a job active (000 §6): not ended and the vehicle not back at base. One condition, so the deployment
 * dialog, the job commands, live tracking (ETA, geofence, trails) and the demo seed agree on which vehicle is busy.
 */
import { and, isNull, ne, type SQL } from 'drizzle-orm';
import { JOB_STATUS } from '@panel/domain/constants';
import { eventJobs } from '../../../db/schema/index.js';

/** `where` of the active jobs, with further conditions (which event, which vehicle; undefined: none) when given. */
export const activeJobs = (...also: (SQL | undefined)[]): SQL | undefined =>
  and(...also, isNull(eventJobs.endedAt), ne(eventJobs.eventJobStatusId, JOB_STATUS.AT_BASE));
