/**
 * `check --fail-on RATE|COUNT`, a CI gate: the command exits 1 when the failing turns exceed the
 * threshold. A number below 1 written with a dot (`0.2`) or a percentage (`20%`) is a rate of
 * failing turns among the labelled ones; an integer (`0`, `5`) is a count of failing turns.
 * Turns that were not labelled (bad lines, failed model calls, not_labelled) are in neither.
 */
import { InvalidArgumentError } from '@commander-js/extra-typings';

export type FailOn = { kind: 'rate'; max: number; text: string } | { kind: 'count'; max: number; text: string };

export function parseFailOn(text: string): FailOn {
  const t = text.trim();
  const percent = /^(\d+(?:\.\d+)?)%$/.exec(t);
  if (percent) {
    const value = Number(percent[1]) / 100;
    if (value > 1) throw new InvalidArgumentError(`a percentage is at most 100%, got "${text}"`);
    return { kind: 'rate', max: value, text: t };
  }
  if (/^\d*\.\d+$/.test(t)) {
    const value = Number(t);
    if (value >= 1) throw new InvalidArgumentError(`a rate is a number below 1 (0.2) or a percentage (20%); a count is an integer (5); got "${text}"`);
    return { kind: 'rate', max: value, text: t };
  }
  if (/^\d+$/.test(t)) return { kind: 'count', max: Number(t), text: t };
  throw new InvalidArgumentError(`expected a rate (0.2 or 20%) or a count of failing turns (5), got "${text}"`);
}

export interface GateResult {
  exceeded: boolean;
  /** One line for stderr: what was measured against what. */
  message: string;
}

/** Whether `failures` of `labelled` turns exceed the gate. With nothing labelled, a rate gate holds (0 of 0). */
export function evaluateFailOn(gate: FailOn, failures: number, labelled: number): GateResult {
  if (gate.kind === 'count') {
    const exceeded = failures > gate.max;
    return { exceeded, message: `${failures} failing turn${failures === 1 ? '' : 's'} ${exceeded ? 'exceeds' : 'within'} --fail-on ${gate.text}` };
  }
  const rate = labelled === 0 ? 0 : failures / labelled;
  const exceeded = rate > gate.max;
  const shown = `${(100 * rate).toFixed(1)}% (${failures}/${labelled})`;
  return { exceeded, message: `failure rate ${shown} ${exceeded ? 'exceeds' : 'within'} --fail-on ${gate.text}` };
}
