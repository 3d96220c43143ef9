/**
 * The train data of the map (001 §4, §9): the tracked trains' positions (POST /train-location per number)
 * and tracks (POST /train-track), refreshed every 30 s; the train feed (GET /v2/grapp/trains/{token}, token kept
 * between calls, answers merged by train) refreshed every 30 s while on. Failures are logged (001 §10).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { TRAIN_REFRESH_PERIOD } from '@panel/domain/constants';
import { isAbortError } from '../../../api/client';
import {
  fetchTrainFeed,
  fetchTrainLocation,
  fetchTrainTrack,
  type TrackFeature,
  type TrainFeature,
} from '../../../api/trains';

export interface TrackedData {
  /** tr → its position (null: unknown to the service) */
  positions: Record<string, TrainFeature | null>;
  tracks: TrackFeature[];
  /** loads now; resolves with the new positions */
  reload: () => Promise<Record<string, TrainFeature | null>>;
}

export function useTrackedTrainData(numbers: readonly string[]): TrackedData {
  const key = numbers.join(',');
  const [positions, setPositions] = useState<Record<string, TrainFeature | null>>({});
  const [tracks, setTracks] = useState<TrackFeature[]>([]);
  const generation = useRef(0);
  const latest = useRef<Record<string, TrainFeature | null>>({});

  const load = useCallback(async (): Promise<Record<string, TrainFeature | null>> => {
    const list = key ? key.split(',') : [];
    const mine = ++generation.current;
    if (!list.length) {
      latest.current = {};
      setPositions({});
      setTracks([]);
      return {};
    }
    const answers = await Promise.all(
      list.map(async (tr) => {
        try {
          const answer = await fetchTrainLocation(tr);
          return [tr, answer.features?.[0] ?? null] as const;
        } catch (error) {
          console.error('train-location', tr, error);
          return [tr, undefined] as const;
        }
      }),
    );
    if (mine !== generation.current) return {};
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

  return { positions, tracks, reload: load };
}

/** The whole train feed while `on`: every 30 s the trains that moved since the last token. */
export function useTrainFeed(on: boolean): TrainFeature[] {
  const token = useRef<string | null>(null);
  const trains = useRef(new Map<string, TrainFeature>());
  const [list, setList] = useState<TrainFeature[]>([]);

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
      } catch (error) {
        if (!isAbortError(error)) console.error('grapp trains', error);
      }
    };
    void load();
    const timer = setInterval(() => void load(), TRAIN_REFRESH_PERIOD);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [on]);

  return on ? list : [];
}
