/** Every status change of the event and of its deployments, oldest first (the journal's order). */
import { incidentReportTexts as T, type ReportTimelineRow } from '@panel/domain/incidentReport';
import { ReportTable, Section } from './Section';
import { DASH, reportTime } from './format';

export function TimelineSection({ rows }: { rows: ReportTimelineRow[] }) {
  return (
    <Section title={T.sections.timeline} testId="report-timeline">
      <ReportTable head={[T.timeline.at, T.timeline.action, T.timeline.detail, T.timeline.user]}>
        {rows.map((r, i) => (
          <tr key={`${r.at}-${i}`}>
            <td className="time">{reportTime(r.at)}</td>
            <td>{r.action}</td>
            <td>{r.detail ?? DASH}</td>
            <td>{r.user ?? (r.type === 'eventJob.geofence' ? T.vehicles.geofence : DASH)}</td>
          </tr>
        ))}
      </ReportTable>
    </Section>
  );
}
