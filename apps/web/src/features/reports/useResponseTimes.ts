/** Loads the report for the filters; a newer request cancels the older (the client keys GETs by path). */
import { useEffect, useState } from 'react';
import type { ResponseTimes, ResponseTimesQuery } from '@panel/domain/reports';
import { reportTexts } from '@panel/domain/reports';
import { fetchResponseTimes } from '../../api/reports';
import { isAbortError, messageOf, ApiError } from '../../api/client';

export interface ReportState {
  report: ResponseTimes | null;
  loading: boolean;
  error: string | null;
}

/** The first 422 message of a refused filter, else the generic failure text. */
function errorText(error: unknown): string {
  if (error instanceof ApiError && Array.isArray(error.body)) {
    const first = (error.body as { message?: string }[])[0];
    if (first?.message) return first.message;
  }
  return (error instanceof ApiError && messageOf(error.body)) || reportTexts.loadFailed;
}

export function useResponseTimes(query: ResponseTimesQuery): ReportState {
  const [state, setState] = useState<ReportState>({ report: null, loading: true, error: null });
  const key = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    fetchResponseTimes(JSON.parse(key) as ResponseTimesQuery, controller.signal).then(
      (report) => setState({ report, loading: false, error: null }),
      (error: unknown) => {
        if (isAbortError(error)) return;
        setState((s) => ({ ...s, loading: false, error: errorText(error) }));
      },
    );
    return () => controller.abort();
  }, [key]);
  return state;
}
