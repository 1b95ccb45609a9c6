/**
 * Fixed, colour-blind-safe colours (Okabe–Ito and Paul Tol's palettes), the same in every
 * figure: failures warm, desirable outcomes cool, over-refusal apart, `other` grey.
 */
import { OUTCOMES, type Outcome } from '../core/types.ts';

export const OUTCOME_COLOURS: Readonly<Record<Outcome, string>> = {
  false_claim: '#D55E00',
  empty: '#E69F00',
  unanchored: '#F0E442',
  anchored: '#0072B2',
  done_now: '#56B4E9',
  deferral: '#009E73',
  over_refusal: '#CC79A7',
  other: '#BBBBBB',
};

export const FAILURE_TYPE_COLOURS = { capability: '#CC6677', agentive: '#DDCC77', temporal: '#882255' } as const;

export const VARIANT_COLOURS = { inferred: '#0072B2', stated: '#E69F00' } as const;

const ARM_COLOURS = ['#4477AA', '#EE6677', '#228833', '#CCBB44', '#66CCEE', '#AA3377'];

/** A colour per arm, stable for a given ordered list of arms. */
export function armColours(arms: readonly string[]): string[] {
  return arms.map((_, i) => ARM_COLOURS[i % ARM_COLOURS.length]!);
}

export const OUTCOME_SCALE = { domain: [...OUTCOMES], range: OUTCOMES.map((o) => OUTCOME_COLOURS[o]) };
