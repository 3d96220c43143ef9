/**
 * The deployed vehicles: departure, the arrival expected at departure (the offline estimate, labelled as one)
 * against the actual arrival, the end and the distance driven; under each vehicle the statuses it went through.
 */
import { Fragment } from 'react';
import { Typography } from '@mui/material';
import { arrivalDifferenceText, incidentReportTexts as T, type ReportVehicle } from '@panel/domain/incidentReport';
import { travelDistanceText } from '@panel/domain/tracking';
import { JOB_STATUS_COLORS } from '../map/layers/vehicleStyles';
import { ReportTable, Section } from './Section';
import { DASH, reportTime } from './format';

const V = T.vehicles;

function statusLine(v: ReportVehicle): string {
  return v.statuses
    .map((s) => `${s.status} ${reportTime(s.at)}${s.byGeofence ? ` (${V.geofence})` : s.user ? ` (${s.user})` : ''}`)
    .join(' · ');
}

export function VehiclesSection({ vehicles }: { vehicles: ReportVehicle[] }) {
  return (
    <Section title={T.sections.vehicles} testId="report-vehicles">
      {vehicles.length === 0 ? (
        <Typography variant="body2">{V.none}</Typography>
      ) : (
        <ReportTable head={[V.vehicle, V.departedAt, V.expected, V.arrived, V.difference, V.endedAt, V.distance]}>
          {vehicles.map((v) => (
            <Fragment key={v.jobId}>
              <tr data-testid="report-vehicle">
                <td style={{ minWidth: 170 }}>
                  <strong>{v.name}</strong>
                  <br />
                  <span
                    style={{
                      display: 'inline-block',
                      width: 8,
                      height: 8,
                      borderRadius: 4,
                      marginRight: 4,
                      background: JOB_STATUS_COLORS[v.statusId] ?? '#616161',
                      printColorAdjust: 'exact',
                    }}
                  />
                  {v.status}
                  {v.base ? ` · ${v.base}` : ''}
                </td>
                <td>{reportTime(v.departedAt)}</td>
                <td>{reportTime(v.expectedArrivalAt)}</td>
                <td>{reportTime(v.arrivedAt)}</td>
                <td>{arrivalDifferenceText(v.arrivalDifference) || DASH}</td>
                <td>{reportTime(v.endedAt)}</td>
                <td className="time">{v.distance != null ? travelDistanceText(v.distance) : DASH}</td>
              </tr>
              {v.statuses.length > 0 && (
                // the statuses under their vehicle, across the table: a list of times needs the width
                <tr>
                  <td colSpan={7} style={{ fontSize: 11, background: '#fafbfc' }}>
                    {V.statuses}: {statusLine(v)}
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </ReportTable>
      )}
    </Section>
  );
}
