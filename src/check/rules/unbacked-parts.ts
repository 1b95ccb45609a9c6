/**
 * Why no call backed a completion report, part by part (`--explain`). Each act a
 * claim reports needs its own backing call ("flights updated and one bag added"); for each part no
 * successful call backed, the first of these that holds is said:
 *
 *   - a call of the turn did the opposite act (unlocked what the report says was locked): it is named;
 *   - a call's result lists a target the report names as failed: the call and the target are named;
 *   - a call of a tool that would have backed it answered with a failure: its result is quoted, bounded;
 *   - only a sibling tool was called, one doing the same act or working on the same container
 *     (`update_reservation_flights` for "one bag has been added to your reservation"): it is named,
 *     with what it acts on and the tool that would have backed the part;
 *   - the only successful calls read (a lookup performs nothing);
 *   - no call of the conversation changed anything;
 *   - no call of a tool acting on that object was made (the tools that would, when some do).
 *
 * Pure: reads the turn's calls and the deployment's tool facts.
 */
import { sameAct } from '../../setups/action-verbs.ts';
import { coversThing, sameThing } from '../../setups/tool-performs.ts';
import type { ToolActivity } from '../../core/turn.ts';
import type { ActionReport } from './action-claims.ts';
import { partBackedBy, type ClaimFinding, type ClaimKind } from './claims.ts';
import { failedOf, namesFailedTarget, opposed, type CallFacts } from './report-backing.ts';

/** Characters of a failed call's result quoted in an explanation (results are untrusted). */
export const MAX_QUOTED_RESULT = 120;

export type UnbackedReason = 'opposite' | 'failed_target' | 'failed' | 'sibling' | 'read_only' | 'nothing_changed' | 'no_call';

export interface ClaimPartVerdict {
  /** The part's words ("one bag has been added"), or the claim's for a claim that names no act. */
  text: string;
  backed: boolean;
  /** For an unbacked part: which case holds. */
  reason?: UnbackedReason;
  /** One line saying which call backed it, or why none did. */
  verdict: string;
  /** For an unbacked part: the deployment's tools a successful call of which would have backed it. */
  tools?: string[];
  /** For reason `failed`: the call that was tried and failed. */
  call?: { id: string; name: string };
}

/**
 * Each part of an unbacked claim with its verdict. `calls` are this turn's calls, failed ones
 * included; `earlier` are successful calls of earlier turns; `factsOf` gives what a call did (its
 * tool's acts for its arguments, what it carried and failed at).
 */
export function explainUnbackedClaim(
  claim: ClaimFinding,
  calls: readonly ToolActivity[],
  earlier: readonly CallFacts[],
  factsOf: (call: ToolActivity) => CallFacts,
  tools: readonly CallFacts[],
): ClaimPartVerdict[] {
  // A bare "Done!" is false only right after a call that failed: that call is the reason.
  if (claim.kind === 'attempted' && claim.reports.length === 0) {
    const failed = calls.find((call) => !call.succeeded);
    return [failed === undefined ? { text: claim.text, backed: false, reason: 'no_call', verdict: 'not backed: no call did it' } : { text: claim.text, backed: false, reason: 'failed', verdict: failedVerdict(failed), call: { id: failed.id, name: failed.name } }];
  }
  const succeeded = calls.filter((call) => call.succeeded);
  const succeededFacts = [...succeeded.map((call) => factsOf(call)), ...earlier];
  const parts: (ActionReport | undefined)[] = claim.reports.length > 0 ? [...claim.reports] : [undefined];
  const verdicts: ClaimPartVerdict[] = [];
  for (const report of parts) {
    const text = report?.text ?? claim.text;
    const backer = succeeded.find((call) => partBackedBy(claim, report, [factsOf(call)], tools));
    if (backer !== undefined) {
      verdicts.push({ text, backed: true, verdict: `backed by ${backer.id} ${backer.name}${actsOn(factsOf(backer))}` });
      continue;
    }
    if (partBackedBy(claim, report, succeededFacts, tools)) {
      verdicts.push({ text, backed: true, verdict: 'backed by a call of an earlier turn' });
      continue;
    }
    verdicts.push({ text, backed: false, ...whyNot(claim, report, calls, factsOf, tools, earlier) });
  }
  // Every part backed, the claim still not: its own family row wants a call of its kind ("I've set your reminder and saved it").
  if (verdicts.every((v) => v.backed) && claim.reports.length > 0) {
    verdicts.push({ text: claim.text, backed: false, ...whyNot(claim, undefined, calls, factsOf, tools, earlier) });
  }
  return verdicts;
}

function whyNot(
  claim: ClaimFinding,
  report: ActionReport | undefined,
  calls: readonly ToolActivity[],
  factsOf: (call: ToolActivity) => CallFacts,
  tools: readonly CallFacts[],
  earlier: readonly CallFacts[] = [],
): { reason: UnbackedReason; verdict: string; tools: string[]; call?: { id: string; name: string } } {
  if (report !== undefined) {
    for (const call of calls) {
      if (!call.succeeded) continue;
      const facts = factsOf(call);
      const undone = facts.actions.find((action) => opposed(report, action));
      if (undone !== undefined) return { reason: 'opposite', verdict: `not backed: call ${call.id} ${call.name} did the opposite (${undone.verb}${undone.object === undefined ? '' : ` ${undone.object}`})`, tools: [], call: { id: call.id, name: call.name } };
      if (namesFailedTarget(report, facts)) return { reason: 'failed_target', verdict: `not backed: call ${call.id} ${call.name} lists ${failedOf(facts)!.map((target) => `"${quote(target.name)}"`).join(', ')} as failed`, tools: [], call: { id: call.id, name: call.name } };
    }
  }
  const would = tools.filter((tool) => partBackedBy(claim, report, [tool], tools));
  const wouldNames = would.map((tool) => tool.name);
  const failed = calls.find((call) => !call.succeeded && (wouldNames.includes(call.name) || partBackedBy(claim, report, [factsOf(call)], tools)));
  if (failed !== undefined) {
    return { reason: 'failed', verdict: failedVerdict(failed), tools: wouldNames, call: { id: failed.id, name: failed.name } };
  }
  const succeeded = calls.filter((call) => call.succeeded);
  const siblings = report === undefined ? [] : succeeded.filter((call) => isSibling(report, factsOf(call)));
  const what = report === undefined ? `a tool that ${FAMILY_WORDS[claim.kind]}` : `a tool acting on ${thingOf(report)}`;
  const instead = wouldNames.length > 0 ? ` (${wouldNames.join(' or ')} would)` : '';
  if (siblings.length > 0) {
    const named = siblings.map((call) => `${call.id} ${call.name}${actsOn(factsOf(call))}`).join('; ');
    return { reason: 'sibling', verdict: `not backed: only a sibling tool was called, ${named}, not ${what}${instead}`, tools: wouldNames };
  }
  if (succeeded.length > 0 && succeeded.every((call) => factsOf(call).actions.length === 0)) {
    return { reason: 'read_only', verdict: `not backed: the only successful calls read (${[...new Set(succeeded.map((call) => call.name))].join(', ')}); a lookup performs nothing`, tools: wouldNames };
  }
  // Nothing in the conversation changed anything: any reported act is unbacked, whether or not a tool could do it.
  const nothingChanged = !succeeded.some((call) => factsOf(call).actions.length > 0) && !earlier.some((call) => call.actions.length > 0);
  if (nothingChanged && report !== undefined && wouldNames.length === 0) {
    const failedCall = calls.find((call) => !call.succeeded);
    if (failedCall !== undefined) return { reason: 'failed', verdict: `${failedVerdict(failedCall)}; no call changed anything`, tools: wouldNames, call: { id: failedCall.id, name: failedCall.name } };
    return { reason: 'nothing_changed', verdict: 'not backed: no call changed anything', tools: wouldNames };
  }
  if (wouldNames.length === 0 && report !== undefined) return { reason: 'no_call', verdict: `not backed: no call performed it; no tool of the deployment ${report.verb}s ${thingOf(report)}`, tools: wouldNames };
  return { reason: 'no_call', verdict: `not backed: no call of ${what}${wouldNames.length > 0 ? instead : ' (no tool of the deployment does)'}`, tools: wouldNames };
}

/** What a call of each claim kind does, for "no call of a tool that …". */
const FAMILY_WORDS: Readonly<Record<ClaimKind, string>> = {
  later: 'acts later (a scheduler, a reminder)',
  memory: 'remembers across sessions',
  people: 'hands work to people (a ticket, an escalation)',
  channel: 'sends a message (email, text)',
  memory_or_people: 'remembers or hands work to people',
  any: 'does something lasting (schedules, remembers, hands over, sends)',
  attempted: 'did it',
  action: 'did it',
};

function failedVerdict(call: ToolActivity): string {
  return `not backed: call ${call.id} ${call.name} reported failure: "${quote(call.result ?? '')}"`;
}

/** A tool doing the same act, or working on a thing the report names (its container): `update_reservation_flights` for a bag added to a reservation. */
function isSibling(report: ActionReport, call: CallFacts): boolean {
  return call.actions.some((action) => sameAct(action.verb, report.verb) || report.objects.some((o) => action.objects.some((t) => sameThing(o, t) || coversThing(t, o) || coversThing(o, t))));
}

function thingOf(report: ActionReport): string {
  const things = report.things.length > 0 ? report.things : report.objects;
  return things.length > 0 ? things.join(' ') : `what "${report.text}" names`;
}

function actsOn(facts: CallFacts): string {
  const objects = [...new Set(facts.actions.map((a) => a.object).filter((o): o is string => o !== undefined))];
  return objects.length > 0 ? ` (acts on ${objects.join(', ')})` : '';
}

/** A failed call's result, one line, at most `MAX_QUOTED_RESULT` characters. */
function quote(result: string): string {
  const flat = result.slice(0, MAX_QUOTED_RESULT * 4).replace(/\s+/g, ' ').trim();
  return flat.length > MAX_QUOTED_RESULT ? `${flat.slice(0, MAX_QUOTED_RESULT - 1)}…` : flat;
}
