/** The event itself: code, category, type, place, reporter and its times. */
import { incidentReportTexts as T, type IncidentReport } from '@panel/domain/incidentReport';
import { Fields, Section } from './Section';
import { orDash, reportTime } from './format';

const F = T.fields;

export function EventSection({ event }: { event: IncidentReport['event'] }) {
  const reporter = [event.reporterName, event.reporterNumber].filter(Boolean).join(', ');
  const target = event.target ? `${event.target[1].toFixed(5)} N, ${event.target[0].toFixed(5)} E` : null;
  return (
    <Section title={T.sections.event} testId="report-event">
      <Fields
        items={[
          [F.code, orDash(event.code)],
          [F.category, orDash(event.category)],
          [F.type, orDash(event.type)],
          [F.priority, orDash(event.priority)],
          [F.subject, orDash(event.subject)],
          [F.state, [event.state, event.status].filter(Boolean).join(' / ') || orDash(null)],
          [F.address, orDash(event.address)],
          [F.addressDescription, orDash(event.addressDescription)],
          [F.target, orDash(target)],
          [F.base, orDash(event.base)],
          [F.units, orDash(event.units.join(', '))],
          [F.reporter, orDash(reporter)],
          [F.createdAt, reportTime(event.createdAt)],
          [F.startedAt, reportTime(event.startedAt)],
          [F.endedAt, reportTime(event.endedAt)],
          [F.description, orDash(event.description)],
        ]}
      />
    </Section>
  );
}
