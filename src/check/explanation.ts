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

export function formatExplanation(id: string, explanation: Explanation): string {
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

function clip(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
