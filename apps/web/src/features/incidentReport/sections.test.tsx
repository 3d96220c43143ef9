/**
 * The report's sections as the print page draws them (issue 26 item 3): dates DD.MM.YYYY HH:mm, the expected vs
 * actual arrival with its difference, each deployment's statuses with who set them (the geofence by name), the
 * commander or the note that there is none, and an audio attachment as a labelled line with its transcript.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReportConversation, ReportTimelineRow, ReportVehicle } from '@panel/domain/incidentReport';
import type { Message } from '@panel/domain/sync';
import { ConversationsSection } from './ConversationsSection';
import { TimelineSection } from './TimelineSection';
import { VehiclesSection } from './VehiclesSection';

const vehicle: ReportVehicle = {
  jobId: 3,
  resourceId: 7,
  name: 'CAS 30 Tatra 815-7 PHA',
  licence: null,
  resourceType: 'CAS',
  base: 'Stanice HZS SŽ Praha',
  statusId: 18,
  status: 'Na místě',
  departedAt: '2026-11-28 09:58:00',
  expectedArrivalAt: '2026-11-28 10:06:30',
  arrivedAt: '2026-11-28 10:09:10',
  arrivalDifference: 3,
  endedAt: null,
  distance: 6_450,
  statuses: [
    { at: '2026-11-28 09:58:00', statusId: 15, status: 'Na cestě', user: 'Petra Nováková', byGeofence: false },
    { at: '2026-11-28 10:09:10', statusId: 18, status: 'Na místě', user: null, byGeofence: true },
  ],
};

describe('incident report sections', () => {
  it('a vehicle: its times as printed, the difference in words, its statuses with who set them', () => {
    render(<VehiclesSection vehicles={[vehicle]} />);
    const row = screen.getByTestId('report-vehicle');
    expect(row).toHaveTextContent('28.11.2026 09:58');
    expect(row).toHaveTextContent('28.11.2026 10:06');
    expect(row).toHaveTextContent('28.11.2026 10:09');
    expect(row).toHaveTextContent('o 3 min později');
    expect(row).toHaveTextContent('6,5 km');
    expect(
      screen.getByText(
        'Stavy nasazení: Na cestě 28.11.2026 09:58 (Petra Nováková) · Na místě 28.11.2026 10:09 (podle polohy)',
      ),
    ).toBeInTheDocument();
  });

  it('no vehicles: says so', () => {
    render(<VehiclesSection vehicles={[]} />);
    expect(screen.getByText('Na událost nebyla nasazena žádná technika.')).toBeInTheDocument();
  });

  it('the timeline: a row per change, the geofence named as the actor', () => {
    const rows: ReportTimelineRow[] = [
      { at: '2026-11-28 09:50:00', type: 'event.create', action: 'Založení události', detail: null, user: 'admin' },
      {
        at: '2026-11-28 10:09:10',
        type: 'eventJob.geofence',
        action: 'Automatická změna stavu nasazení podle polohy',
        detail: 'CAS 30: Na cestě → Na místě',
        user: null,
      },
    ];
    render(<TimelineSection rows={rows} />);
    const body = within(screen.getByTestId('report-timeline'));
    expect(body.getByText('CAS 30: Na cestě → Na místě')).toBeInTheDocument();
    expect(body.getByText('podle polohy')).toBeInTheDocument();
    expect(body.getByText('28.11.2026 09:50')).toBeInTheDocument();
  });

  it('conversations: audio as a labelled line with its transcript; an unreadable one says so', () => {
    const audio = {
      id: 1,
      eventId: 7,
      messageCategoryId: 2,
      type: 'X11',
      content: null,
      data: { stt: { text: 'jedeme k vám' } },
      media: ['7-20261128_100000-M-PHA-01.mp3'],
      senderName: 'Velitel PHA',
      deviceCode: 'M-PHA-01',
      createdAt: '2026-11-28 10:00:00',
    } as unknown as Message;
    const conversations: ReportConversation[] = [
      { messageCategoryId: 1, name: 'Operační', readable: false, messages: [] },
      { messageCategoryId: 2, name: 'Dispečerský', readable: true, messages: [audio] },
    ];
    render(<ConversationsSection conversations={conversations} />);
    expect(screen.getByText('Zprávy této konverzace nemáte oprávnění číst.')).toBeInTheDocument();
    expect(screen.getByTestId('report-audio')).toHaveTextContent(
      'Zvukový záznam (rádio): 7-20261128_100000-M-PHA-01.mp3 — „jedeme k vám“',
    );
  });
});
