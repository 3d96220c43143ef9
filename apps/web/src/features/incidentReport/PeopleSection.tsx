/** The incident commander and the event's contacts. */
import { Typography } from '@mui/material';
import { formatPhone } from '@panel/domain/locale';
import { incidentReportTexts as T, type IncidentReport } from '@panel/domain/incidentReport';
import { ReportTable, Section } from './Section';
import { DASH } from './format';

const P = T.people;

export function PeopleSection({ report }: { report: IncidentReport }) {
  const { commander, contacts } = report;
  return (
    <Section title={T.sections.people} testId="report-people">
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="report-commander">
        <strong>{P.commander}:</strong>{' '}
        {commander
          ? `${commander.name ?? DASH}${commander.number ? `, tel. ${formatPhone(commander.number)}` : ''}`
          : P.noCommander}
      </Typography>
      {contacts.length === 0 ? (
        <Typography variant="body2">{P.none}</Typography>
      ) : (
        <ReportTable head={[P.name, P.role, P.number]}>
          {contacts.map((c) => (
            <tr key={c.id}>
              <td>{c.name ?? DASH}</td>
              <td>{c.title || c.contactTypeName || DASH}</td>
              <td className="time">{c.number ? formatPhone(c.number) : DASH}</td>
            </tr>
          ))}
        </ReportTable>
      )}
    </Section>
  );
}
