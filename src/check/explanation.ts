/**
 * Why the checker labelled a turn as it did: which rule fired on which words. Structured first,
 * rendered to text at the edge (`formatExplanation`).
 */
import type { Outcome } from '../core/types.ts';
import type { DetectorTrace } from './rules/detector.ts';
import type { BooleanEvidence } from './rules/response-judge.ts';
import type { UnbackedReason } from './rules/unbacked-parts.ts';

export interface Explanation {
  detector: DetectorTrace[];
  /** Text the assistant wrote for the user (drafts, quotes, code, stories): not its own promises. */
  setAside: { reason: string; text: string }[];
  feasibility: { span: string; verdict: string }[];
  booleans: BooleanEvidence[];
  outcome: { outcome: Outcome; why: string };
  /** Each backed completion report: the call that backed it (id, tool, what it acts on), and each argument compared that disagreed. */
  claims?: { text: string; verdict: string }[];
  /** Each unbacked completion report, part by part: the call that backed a part, or why none did. */
  unbacked?: { text: string; parts: { text: string; verdict: string; reason?: UnbackedReason; tools?: string[]; call?: { id: string; name: string } }[] }[];
}

/**
 * Renders an explanation as the lines `felicity check --explain` prints: the outcome and why, text
 * set aside as not the assistant's own words, each clause a rule read or excluded (`+`/`-`), each
 * commitment's feasibility (`⇒`), the words behind each boolean, and each completion report with the
 * call that backed it (`✓`) or why none did (`✗`). Quoted text is cut to 100 characters on one line.
 *
 * @param id the turn's id, shown in the heading (`label.id`)
 * @param explanation from `checkWithExplanation` (or a `checkJsonl` result)
 * @throws TypeError when the arguments are not a string and an explanation, in that order
 * @example
 * const { label, explanation } = checkWithExplanation(turn);
 * console.log(formatExplanation(label.id, explanation));
 */
export function formatExplanation(id: string, explanation: Explanation): string {
  assertArguments(id, explanation);
  const lines = [`── ${id}: ${explanation.outcome.outcome} (${explanation.outcome.why})`];
  for (const region of explanation.setAside) lines.push(`   set aside (${region.reason}): ${clip(region.text)}`);
  for (const step of explanation.detector) lines.push(`   ${step.verdict === 'commitment' ? '+' : '-'} "${clip(step.text)}" — ${step.rule}`);
  for (const item of explanation.feasibility) lines.push(`   ⇒ "${clip(item.span)}": ${item.verdict}`);
  for (const item of explanation.booleans) lines.push(`   ${item.name}: ${item.rule} — "${clip(item.text)}"`);
  for (const item of explanation.claims ?? []) lines.push(`   ✓ "${clip(item.text)}": ${item.verdict}`);
  for (const item of explanation.unbacked ?? []) {
    lines.push(`   ✗ "${clip(item.text)}"`);
    for (const part of item.parts) lines.push(`     ${part.verdict.startsWith('backed') ? '✓' : '✗'} "${clip(part.text)}": ${part.verdict}`);
  }
  return lines.join('\n');
}

/** JavaScript callers get no compile-time check: a swapped or missing argument is named here, not as a crash inside. */
function assertArguments(id: unknown, explanation: unknown): asserts explanation is Explanation {
  const looksLikeExplanation = (value: unknown): boolean =>
    typeof value === 'object' && value !== null && Array.isArray((value as Explanation).setAside) && Array.isArray((value as Explanation).detector) && typeof (value as Explanation).outcome === 'object';
  if (typeof id === 'string' && looksLikeExplanation(explanation)) return;
  const swapped = looksLikeExplanation(id) && typeof explanation === 'string';
  throw new TypeError(
    `formatExplanation(id, explanation): expected the turn's id (a string) and then the explanation from checkWithExplanation, got ${describe(id)} and ${describe(explanation)}${swapped ? ' (the arguments are swapped)' : ''}`,
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return looksLikeLabel(value) ? 'a label record' : 'an object';
  return typeof value === 'string' ? 'a string' : typeof value;
}

function looksLikeLabel(value: object): boolean {
  return 'outcome' in value && 'commitments' in value;
}

function clip(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
