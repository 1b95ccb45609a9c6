/**
 * Run progress on stderr: done/total, rate, ETA and errors. A live bar on a terminal; a plain
 * line every few seconds otherwise (CI logs, `2>file`), since cli-progress prints nothing off a
 * TTY unless told to.
 */
import { Presets, SingleBar } from 'cli-progress';
import type { Progress } from './runner.ts';

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}h${String(m).padStart(2, '0')}m` : m > 0 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

export interface ProgressReporter {
  update(progress: Progress): void;
  stop(): void;
}

/** Shows at most this many label failures in full; the rest are only counted. */
const SHOWN_LABEL_FAILURES = 5;

export function progressReporter(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  const bar = new SingleBar(
    {
      stream,
      format: '{bar} {value}/{total} | {rate}/s | ETA {eta} | errors {errors}',
      noTTYOutput: true,
      notTTYSchedule: 5000,
      hideCursor: false,
    },
    Presets.shades_classic,
  );
  const started = Date.now();
  let running = false;
  let shownFailures = 0;
  return {
    update(p) {
      const elapsed = (Date.now() - started) / 1000;
      const rate = elapsed > 0 ? p.done / elapsed : 0;
      const remaining = p.total - p.skipped - p.done;
      const payload = { rate: rate.toFixed(1), eta: rate > 0 ? duration(remaining / rate) : '?', errors: p.errors };
      if (!running) {
        bar.start(p.total, p.skipped + p.done, payload);
        running = true;
      } else bar.update(p.skipped + p.done, payload);
      if (p.labelFailure !== undefined && shownFailures++ < SHOWN_LABEL_FAILURES) {
        stream.write(`\nfelicity: could not label ${p.labelFailure.responseId}: ${p.labelFailure.message}\n`);
      }
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}
