/**
 * A clock for tests: sleeps return at once and are recorded, so retry tests assert the delays
 * asked for (Retry-After honoured, backoff bounded) without waiting for them.
 */
import type { Clock } from '../clock.ts';

export interface RecordingClock extends Clock {
  sleeps: number[];
}

export function recordingClock(startMs = Date.parse('2026-10-01T10:00:00Z')): RecordingClock {
  let now = startMs;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}
