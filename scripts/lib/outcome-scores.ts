/**
 * Scores a JSON Lines file of hand-labelled turns (each with `gold.outcome`) with a `check()`
 * function, once as written and once with every turn's `doable_override` removed, the field only the
 * benchmark's own request set carries and no user's turn does.
 */
import { readFileSync } from 'node:fs';
import { formatOutcomeScores as formatOne, outcomeScores, type OutcomeScores } from '../../src/stats/outcome-scores.ts';

export type CheckTurn = (turn: Record<string, unknown>) => { outcome: string };

export interface FileScores {
  withOverride: OutcomeScores;
  withoutOverride: OutcomeScores;
  /** Turns that carry a `doable_override`. */
  overridden: number;
}

export function withoutDoableOverride<T extends Record<string, unknown>>(turn: T): T {
  const { doable_override: _dropped, ...rest } = turn;
  return rest as T;
}

export function scoreTurnFile(path: string, check: CheckTurn, rows: { first: number; last: number } = { first: 1, last: Infinity }): FileScores {
  const turns = readFileSync(path, 'utf8').split('\n')
    .map((line, i) => ({ line, number: i + 1 }))
    .filter(({ line, number }) => line.trim() && number >= rows.first && number <= rows.last)
    .map(({ line }) => JSON.parse(line) as Record<string, unknown> & { gold: { outcome: string } });
  const gold = turns.map((t) => t.gold.outcome);
  return {
    withOverride: outcomeScores(gold, turns.map((t) => check(t).outcome)),
    withoutOverride: outcomeScores(gold, turns.map((t) => check(withoutDoableOverride(t)).outcome)),
    overridden: turns.filter((t) => 'doable_override' in t).length,
  };
}

export function formatOutcomeScores(s: FileScores): string {
  return `${formatOne(s.withOverride)}\n    without doable_override (${s.overridden} turns carry one): ${formatOne(s.withoutOverride)}`;
}
