/**
 * The train data of the map (001 §4, §9): the tracked trains' positions (POST /train-location per number)
 * and tracks (POST /train-track), refreshed every 30 s; the train feed (GET /v2/grapp/trains/{token}, token kept
 * between calls, answers merged by train) refreshed every 30 s while on. Failures are logged (001 §10); a 502–504
 * (the train service is out, issue 15) is also returned as `unavailable` so the map says so — never 'no trains'.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { TRAIN_REFRESH_PERIOD } from '@panel/domain/constants';
import { ApiError, isAbortError } from '../../api/client';
import {
  fetchTrainFeed,
  fetchTrainLocation,
  fetchTrainTrack,
  type TrackFeature,
  type TrainFeature,
} from '../../api/trains';
import { TRAIN_TEXTS } from './texts';

/** The outage text of a failed train call (502–504: the server's Czech message), else null. */
export function outageText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 502 || error.status > 504) return null;
  return /^HTTP \d+$/.test(error.message) ? TRAIN_TEXTS.serviceUnavailable : error.message;
}

export interface TrackedData {
  /** tr → its position (null: unknown to the service) */
  positions: Record<string, TrainFeature | null>;
  tracks: TrackFeature[];
  /** the train service's outage text while it is out, else null */
  unavailable: string | null;
  /** loads now; resolves with the new positions */
  reload: () => Promise<Record<string, TrainFeature | null>>;
}

export function useTrackedTrainData(numbers: readonly string[]): TrackedData {
  const key = numbers.join(',');
  const [positions, setPositions] = useState<Record<string, TrainFeature | null>>({});
  const [tracks, setTracks] = useState<TrackFeature[]>([]);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const generation = useRef(0);
  const latest = useRef<Record<string, TrainFeature | null>>({});

  const load = useCallback(async (): Promise<Record<string, TrainFeature | null>> => {
    const list = key ? key.split(',') : [];
    const mine = ++generation.current;
    if (!list.length) {
      latest.current = {};
      setPositions({});
      setTracks([]);
      setUnavailable(null);
      return {};
    }
    let outage: string | null = null;
    const answers = await Promise.all(
      list.map(async (tr) => {
        try {
          const answer = await fetchTrainLocation(tr);
          return [tr, answer.features?.[0] ?? null] as const;
        } catch (error) {
          console.error('train-location', tr, error);
          outage ??= outageText(error);
          return [tr, undefined] as const;
        }
      }),
    );
    if (mine !== generation.current) return {};
    setUnavailable(outage);
    const next: Record<string, TrainFeature | null> = {};
    for (const [tr, feature] of answers) next[tr] = feature === undefined ? (latest.current[tr] ?? null) : feature;
    latest.current = next;
    setPositions(next);
    const known = answers.filter(([, f]) => f).map(([tr]) => tr);
    if (known.length) {
      try {
        const answer = await fetchTrainTrack(known);
        if (mine === generation.current) setTracks(answer.features ?? []);
      } catch (error) {
        console.error('train-track', known, error);
      }
    } else if (mine === generation.current) setTracks([]);
    return next;
  }, [key]);

  useEffect(() => {
    const counter = generation;
    void load();
    if (!key) return;
    const timer = setInterval(() => void load(), TRAIN_REFRESH_PERIOD);
    return () => {
      clearInterval(timer);
      // answers still on their way are dropped
      counter.current++;
    };
  }, [key, load]);

  return { positions, tracks, unavailable, reload: load };
}

/**
 * The whole train feed while `on`: every 30 s the trains that moved since the last token. While the service is
 * out, `unavailable` carries its text (the last known trains stay drawn; the map says they are not current).
 */
export function useTrainFeed(on: boolean): { trains: TrainFeature[]; unavailable: string | null } {
  const token = useRef<string | null>(null);
  const trains = useRef(new Map<string, TrainFeature>());
  const [list, setList] = useState<TrainFeature[]>([]);
  const [unavailable, setUnavailable] = useState<string | null>(null);

  useEffect(() => {
    if (!on) return;
    let stopped = false;
    const load = async () => {
      try {
        const answer = await fetchTrainFeed(token.current);
        if (stopped) return;
        token.current = answer.token === null || answer.token === undefined ? null : String(answer.token);
        for (const f of answer.features ?? []) trains.current.set(String(f.properties?.tr ?? f.id), f);
        setList([...trains.current.values()]);
        setUnavailable(null);
      } catch (error) {
        if (isAbortError(error)) return;
        console.error('grapp trains', error);
        if (!stopped) setUnavailable(outageText(error));
      }
    };
    void load();
    const timer = setInterval(() => void load(), TRAIN_REFRESH_PERIOD);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [on]);

  return on ? { trains: list, unavailable } : { trains: [], unavailable: null };
}
