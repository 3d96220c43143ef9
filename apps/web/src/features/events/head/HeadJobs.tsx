/** Up to 4 job tiles (vehicle name + unit code, coloured by job status) with '+N zobrazit' (000 §2, §9). */
import { memo } from 'react';
import { Box, Typography } from '@mui/material';
import { HEAD_MAX_JOB_TILES } from '@panel/domain/constants';
import type { EventJob } from '@panel/domain/sync';
import { useEntitiesStore } from '../../../stores/entitiesStore';
import { jobStatusStyle } from './headColors';
import { headTexts } from './headTexts';

export const HeadJobs = memo(function HeadJobs({ jobs }: { jobs: EventJob[] }) {
  const resources = useEntitiesStore((s) => s.resources);
  const bases = useEntitiesStore((s) => s.bases);
  if (!jobs.length) return null;
  const shown = jobs.slice(0, HEAD_MAX_JOB_TILES);
  const more = jobs.length - shown.length;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5, mt: 0.5 }}>
      {shown.map((job) => {
        const resource = resources[job.resourceId];
        const style = jobStatusStyle(job.eventJobStatusId);
        const name = resource?.name ?? `#${job.resourceId}`;
        const baseCode = resource?.baseCode ?? bases[job.baseId]?.code ?? '';
        // demo and real names often end with the unit code already
        const showCode = baseCode && !name.endsWith(baseCode);
        return (
          <Box
            key={job.id}
            data-testid="job-tile"
            data-status={job.eventJobStatusId}
            title={`${name} – ${style.name}`}
            sx={{
              borderLeft: 3,
              borderColor: style.color,
              bgcolor: `${style.color}22`,
              borderRadius: 0.5,
              px: 0.5,
              minWidth: 0,
              fontSize: 11,
              lineHeight: '18px',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            <Box component="span" sx={{ fontWeight: 600 }}>
              {name}
            </Box>
            {showCode && (
              <Box component="span" sx={{ color: 'text.secondary', ml: 0.5 }}>
                {baseCode}
              </Box>
            )}
          </Box>
        );
      })}
      {more > 0 && (
        <Typography component="span" variant="caption" color="primary" sx={{ alignSelf: 'center', fontWeight: 600 }}>
          {headTexts.moreJobs(more)}
        </Typography>
      )}
    </Box>
  );
});
