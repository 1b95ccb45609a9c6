/**
 * A finished audit's estimate as one worker computes it and stores it for the others (the
 * estimate's bootstrap costs as much as the labelling of a large log, so it is done once), and
 * its JSON form: non-finite numbers (an empty stratum's NaN rate) are kept as `{"$number": "NaN"}`,
 * which plain JSON would turn into null, so every worker prints the very same report.
 */
import type { PrevalenceReport } from './prevalence-run.ts';
import type { LineProblem } from './read-logs.ts';

export type AuditEstimate = {
  /** The first bad lines of the file (global line numbers) and how many there are. */
  problems: LineProblem[];
  problemCount: number;
} & ({ failure: string; report?: undefined; unlabelled?: undefined } | { failure?: undefined; report: PrevalenceReport; unlabelled: { id: string; error: string }[] });

export function encodeEstimate(estimate: AuditEstimate): string {
  return JSON.stringify(estimate, (_key, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? { $number: String(value) } : value));
}

export function decodeEstimate(text: string): AuditEstimate {
  return JSON.parse(text, (_key, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1 && keys[0] === '$number' && typeof (value as { $number: unknown }).$number === 'string') return Number((value as { $number: string }).$number);
    }
    return value;
  }) as AuditEstimate;
}
