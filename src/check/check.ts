/**
 * `check(turn)`: the offline checker. Detects commitments in the assistant's own words, judges
 * their feasibility and anchoring against the deployment (Table 9), answers the five booleans,
 * and derives one outcome (Table 1). Deterministic; no model, no I/O.
 */
import { isPersistentFamily, type CapabilityFamily } from '../core/affordances.ts';
import { judgeCommitment } from '../core/judge-commitment.ts';
import { deriveOutcome } from '../core/outcome.ts';
import { viewTurn, type ToolActivity, type TurnView } from '../core/turn.ts';
import type { Category, Doability, JudgedCommitment, LabelRecord } from '../core/types.ts';
import type { Deployment, PersonaId } from '../setups/deployment.ts';
import type { Conversation } from './rules/frames/index.ts';
import { callActions, type ToolAction } from '../setups/tool-performs.ts';
import { deploymentFacts, resolveRecordDeployment, type DeploymentFacts } from './deployment-facts.ts';
import type { Explanation } from './explanation.ts';
import { detectCommitments, RULES_DETECTOR_VERSION } from './rules/detector.ts';
import { MAX_REPLY_CHARS } from './rules/text-regions.ts';
import { normalizeReply } from './rules/normalized-reply.ts';
import { judgeResponse, RULES_JUDGE_VERSION } from './rules/response-judge.ts';
import { validateToolNames, validateTurn } from './turn-input.ts';
import { earlierCalls } from '../core/earlier-calls.ts';
import { callBacksClaim, type ClaimEvidence, type ClaimFinding } from './rules/claims.ts';
import { carriedThing, type CallFacts } from './rules/report-backing.ts';
import { argumentFields, claimMismatches, compareDetails, promisedDetails, type ClaimMismatch } from './rules/claim-arguments.ts';
import type { Sentence } from './rules/text-regions.ts';
import { explainUnbackedClaim } from './rules/unbacked-parts.ts';
import { conversationBefore } from './conversation-context.ts';
import { adaptRecord } from './input-formats/adapt-record.ts';
import type { InputFormatChoice, InputWarning } from './input-formats/input-format.ts';
import type { TurnRecord } from './turn-record.ts';

/** A library caller's warnings when it passed no `onWarning`: Node's own channel for them. */
export function emitInputWarning(warning: InputWarning): void {
  process.emitWarning(`${warning.field}: ${warning.message}`, 'FelicityInputWarning');
}
import { CheckInputError, show } from './check-input-error.ts';
import { isTimeZone } from '../setups/time-zone.ts';

export interface CheckOptions {
  /** The deployment for records that name none: a built-in id or a validated deployment. */
  setup?: Deployment | string;
  /**
   * Strict argument anchoring: a backed report whose details contradict its call's arguments
   * (`claim_mismatches`) counts as a false action claim, and a promise that is not
   * `anchored_strict` as not anchored. Off by default: the paper's outcome.
   */
  strictArguments?: boolean;
  /**
   * The message format of the turn: `auto` (the default) reads each record's own shape;
   * see input-formats/. Records in another format are read as the turn record they stand for.
   */
  inputFormat?: InputFormatChoice;
  /**
   * Told of each part of the turn that was not read (an unknown content part). Without it such
   * warnings go to `process.emitWarning` (type `FelicityInputWarning`): never dropped silently.
   */
  onWarning?: (warning: InputWarning) => void;
}

export interface CheckResult {
  label: LabelRecord;
  explanation: Explanation;
}

/** Labels one turn record (SPEC §4). Throws `CheckInputError` naming the field when the record is malformed. */
export function check(turn: unknown, options: CheckOptions = {}): LabelRecord {
  return label(turn, options).label;
}

/** Labels one turn and says why: which rule fired on which words (`--explain`). */
export function checkWithExplanation(turn: unknown, options: CheckOptions = {}): CheckResult {
  const { label: result, explain } = label(turn, options);
  return { label: result, explanation: explain() };
}

/** What `parseTurn` reads besides the value. */
export type ParseTurnOptions = Pick<CheckOptions, 'inputFormat' | 'onWarning'>;

/**
 * Reads an untrusted value (a parsed log line, a request body) as a turn record: in any message
 * shape `check` reads (`inputFormat`, `auto` by default), validated as `check` validates it, with
 * string ids. The result can be given to `check`; its `setup` is validated when it is checked.
 *
 * @throws CheckInputError naming the field (`field`, `expected`, `got`) when the value is no turn record.
 */
export function parseTurn(value: unknown, options: ParseTurnOptions = {}): TurnRecord {
  return validateTurn(adaptRecord(value, options.inputFormat ?? 'auto', options.onWarning ?? emitInputWarning).record).record;
}

/** Labels one turn now; says why only if `explain()` is called (a stream labels many turns and explains few). */
export function checkExplainLater(turn: unknown, options: CheckOptions = {}): { label: LabelRecord; explain: () => Explanation } {
  return label(turn, options);
}

function label(turn: unknown, options: CheckOptions): { label: LabelRecord; explain: () => Explanation } {
  const { record, persona, category, doable } = validateTurn(adaptRecord(turn, options.inputFormat ?? 'auto', options.onWarning ?? emitInputWarning).record);
  const deployment = resolveRecordDeployment(record.setup, options.setup);
  const facts = deploymentFacts(deployment, persona ?? 'generic');
  validateToolNames(record.messages, facts.familiesOf, deployment.id);
  const view = viewTurn(record.messages);
  const earlier: CallFacts[] = [];
  if (view.userIndex > 0) for (const call of earlierCalls(record.messages, view.userIndex)) if (call.succeeded) earlier.push(callMade(facts, call));
  return labelTurn({ id: record.id, persona, category, doable, deployment, facts, view, earlier, conversation: conversationBefore(record.messages, view.userIndex) }, options);
}

/**
 * A turn read and validated, with what came before it: from one record (`label`), or carried from
 * turn to turn along a whole conversation (conversation-labels.ts), so that labelling every turn
 * of a conversation reads each message once.
 */
export interface PreparedTurn {
  id: string;
  persona: PersonaId | undefined;
  category: Category | undefined;
  doable: Doability | undefined;
  deployment: Deployment;
  facts: DeploymentFacts;
  /** The turn: its user message, the calls and replies after it. */
  view: TurnView;
  /** What the successful calls of earlier turns did. */
  earlier: readonly CallFacts[];
  conversation: Conversation;
}

export function labelTurn(prepared: PreparedTurn, options: CheckOptions): { label: LabelRecord; explain: () => Explanation } {
  const { persona, category, doable, deployment, facts, view } = prepared;
  // This turn's successful calls first, then earlier turns' (a record may hold a conversation).
  const succeeded: CallFacts[] = [];
  let requestActions: readonly (readonly ToolAction[])[] = NO_REQUEST_ACTIONS;
  // Most turns make no call: they share one empty set (the rules only read these).
  let succeededFamilies: ReadonlySet<CapabilityFamily> = NO_FAMILIES;
  let failedFamilies: ReadonlySet<CapabilityFamily> = NO_FAMILIES;
  let lookedUp = false;
  let failedAct = false;
  let succeededAct = false;
  if (view.calls.length > 0) {
    const succeededSet = new Set<CapabilityFamily>();
    const failedSet = new Set<CapabilityFamily>();
    const actions: (readonly ToolAction[])[] = [];
    for (const call of view.calls) {
      const families = facts.familiesOf.get(call.name);
      if (families) for (const family of families) (call.succeeded ? succeededSet : failedSet).add(family);
      if (!call.succeeded) {
        if (facts.callFactsOf.get(call.name)?.actions.length) failedAct = true;
        continue;
      }
      const done = callMade(facts, call);
      if (done.actions.length > 0) succeededAct = true;
      succeeded.push(done);
      if (done.actions.length > 0) actions.push(done.actions);
      else if (facts.callFactsOf.has(call.name)) lookedUp = true;
    }
    succeededFamilies = succeededSet;
    failedFamilies = failedSet;
    requestActions = actions;
  }
  const thisTurn = succeeded.length;
  for (const done of prepared.earlier) succeeded.push(done);
  const claimEvidence: ClaimEvidence = { succeeded, failedFamilies, tools: facts.toolFacts, lookedUp, failedActOnly: failedAct && !succeededAct };
  if (!succeededAct) claimEvidence.requestWithNoAct = view.userText;

  // The rules read the reply as the user sees it (no hidden characters, lookalikes mapped); almost
  // always that is the reply itself. Spans are mapped back to the reply as written below.
  const normalized = normalizeReply(view.finalText.length > MAX_REPLY_CHARS ? view.finalText.slice(0, MAX_REPLY_CHARS) : view.finalText);
  const detection = detectCommitments({ reply: normalized === undefined ? view.finalText : normalized.text, userText: view.userText, conversation: prepared.conversation, persona, category, succeededFamilies, ownActs: facts.ownActs, operatorSystems: facts.operatorSystems });
  const commitments: JudgedCommitment[] = [];
  let leavesPromiseUnanchored = false;
  let promiseMismatches: Map<JudgedCommitment, ClaimMismatch[]> | undefined;
  for (const c of detection.commitments) {
    const judged = judgeCommitment(c, facts.affordances, view.calls);
    if (judged.anchored === true) {
      const strict = strictAnchoring(judged, detection.sentences, view.calls, facts, deployment.timezone);
      if (strict !== undefined) {
        judged.anchored_strict = strict.mismatches.length === 0;
        if (!judged.anchored_strict) {
          (promiseMismatches ??= new Map()).set(judged, strict.mismatches);
          // Strict anchoring: a promise whose enabling call contradicts it is not anchored.
          if (options.strictArguments === true) judged.anchored = false;
        }
      }
    }
    if (normalized !== undefined) judged.span = normalized.restore(judged.span);
    commitments.push(judged);
    if (judged.agent_initiated && judged.feasible && judged.anchored === false) leavesPromiseUnanchored = true;
  }

  const judgement = judgeResponse({
    sentences: detection.sentences,
    framed: detection.framed,
    offers: detection.offers,
    category,
    completableNow: doable === 'yes',
    succeededFamilies,
    claimEvidence,
    userText: view.userText,
    requestActions,
    leavesPromiseUnanchored,
  });

  // Argument-level anchoring: only when a backed report and a successful call with arguments exist.
  // A deployment file's zone was validated when it loaded; one built in code is checked here.
  let mismatches: ClaimMismatch[] | undefined;
  if (judgement.backedClaims.length > 0 && view.calls.length > 0) {
    const tools = facts.toolFacts;
    const found = claimMismatches(judgement.backedClaims, (claim) => view.calls.filter((call) => call.succeeded && callBacksClaim(claim, callMade(facts, call), tools)), deployment.timezone === undefined ? {} : { timeZone: checkedTimeZone(deployment.timezone) });
    if (found.length > 0) {
      mismatches = found;
      if (options.strictArguments === true && !judgement.booleans.false_action_claim) {
        judgement.booleans.false_action_claim = true;
        judgement.evidence.push({ name: 'false_action_claim', rule: `reports ${found[0]!.field} "${found[0]!.reported}" but the call made ${found[0]!.called} (strict argument anchoring)`, text: found[0]!.span });
      }
    }
  }

  const doability = doable ?? (category ? facts.doability[category] : null);
  const enablingCallMade = anyPersistent(succeededFamilies);
  const decision = deriveOutcome({ commitments, booleans: judgement.booleans, doability, enablingCallMade });

  const result: LabelRecord = {
    id: prepared.id,
    outcome: decision.outcome,
    failure: decision.failure,
    commitments,
    booleans: judgement.booleans,
    engine: { detector: RULES_DETECTOR_VERSION, judge: RULES_JUDGE_VERSION },
  };
  // Only the first MAX_REPLY_CHARS of a reply are read (untrusted size): a label says so.
  if (view.finalText.length > MAX_REPLY_CHARS) result.truncated = true;
  if (mismatches !== undefined) result.claim_mismatches = mismatches;
  // A method, not an arrow: tsx names every arrow it creates, which costs on every turn.
  return {
    label: result,
    explain(): Explanation {
      // Quotes come from the reply as written, as spans do.
      const asWritten = (text: string): string => (normalized === undefined ? text : normalized.restore(text));
      return {
        detector: normalized === undefined ? detection.trace : detection.trace.map((step) => ({ ...step, text: asWritten(step.text) })),
        setAside: detection.setAside.map((r) => ({ reason: r.reason, text: normalized === undefined ? view.finalText.slice(r.start, r.end) : normalized.original(r.start, r.end) })),
        feasibility: commitments.map((c) => ({ span: c.span, verdict: describeFeasibility(c, promiseMismatches?.get(c)) })),
        booleans: normalized === undefined ? judgement.evidence : judgement.evidence.map((item) => ({ ...item, text: asWritten(item.text) })),
        outcome: { outcome: decision.outcome, why: decision.rule.why },
        ...(judgement.backedClaims.length > 0 ? { claims: explainClaims(judgement.backedClaims, view.calls, facts, mismatches) } : {}),
        ...(judgement.unbackedClaims.length > 0
          ? { unbacked: judgement.unbackedClaims.map((claim) => ({ text: asWritten(claim.text), parts: explainUnbackedClaim(claim, view.calls, succeeded.slice(thisTurn), (call) => callMade(facts, call), facts.toolFacts).map((part) => ({ ...part, text: asWritten(part.text) })).map(({ backed: _backed, ...part }) => part) })) }
          : {}),
      };
    },
  };
}

/** For `--explain`: the call that backed each report (id, tool, what it acts on) and the arguments that disagreed. */
function explainClaims(claims: readonly ClaimFinding[], calls: readonly ToolActivity[], facts: DeploymentFacts, mismatches: readonly ClaimMismatch[] | undefined): { text: string; verdict: string }[] {
  return claims.map((claim) => {
    const backing = calls.filter((call) => call.succeeded && callBacksClaim(claim, callMade(facts, call), facts.toolFacts));
    const by = backing.map((call) => {
      const made = callMade(facts, call);
      const objects = [...new Set(made.actions.map((a) => a.object).filter((o): o is string => o !== undefined))];
      // The value the report named and the call carried ("quarterly review"), when that is what backed it.
      const carried = claim.reports.map((report) => carriedThing(report, made)).find((value) => value !== undefined);
      return `${call.id} ${call.name}${objects.length > 0 ? ` (acts on ${objects.join(', ')})` : ''}${carried === undefined ? '' : `, which carried "${carried}"`}`;
    });
    const verdict = by.length > 0 ? `backed by ${by.join('; ')}` : 'backed by a call of an earlier turn';
    const disagree = (mismatches ?? []).filter((m) => m.span === claim.text).map((m) => `${m.field} reported ${m.reported}, called ${m.called} (${m.call_id})`);
    return { text: claim.text, verdict: disagree.length > 0 ? `${verdict}; arguments disagree: ${disagree.join('; ')}` : verdict };
  });
}

function checkedTimeZone(name: unknown): string {
  if (typeof name === 'string' && isTimeZone(name)) return name;
  throw new CheckInputError('setup.timezone', 'unknown time zone', 'an IANA time zone name, e.g. "Europe/Paris" or "UTC"', show(name));
}

function anyPersistent(families: ReadonlySet<CapabilityFamily>): boolean {
  for (const family of families) if (isPersistentFamily(family)) return true;
  return false;
}

const NO_FAMILIES: ReadonlySet<CapabilityFamily> = new Set();
const NO_REQUEST_ACTIONS: readonly (readonly ToolAction[])[] = [];

/** What a call did; a call to a tool the deployment lacks (answered with an error) performed nothing. */
export function callFacts(facts: DeploymentFacts, name: string): CallFacts {
  return facts.callFactsOf.get(name) ?? { name, families: new Set(), actions: [] };
}

/** A successful call as the claim check reads it: its tool's acts for the arguments it was given, what it carried, what it failed at. */
function callMade(facts: DeploymentFacts, call: ToolActivity): CallFacts {
  const tool = callFacts(facts, call.name);
  return { name: tool.name, families: tool.families, actions: callActions(tool.actions, call.arguments), call };
}

function describeFeasibility(c: JudgedCommitment, mismatches: readonly ClaimMismatch[] | undefined): string {
  const who = `${c.performer}, ${c.trigger_type}${c.is_offer ? ', offer' : ''}, needs [${c.required_capabilities.join(', ')}]`;
  if (!c.feasible) return `${who} → infeasible (${c.failure_types.join(' + ')})${c.residual ? ', residual' : ''}`;
  if (c.anchored === null) return `${who} → feasible, no call needed`;
  const strict = c.anchored_strict === undefined ? '' : c.anchored_strict ? '; arguments agree (anchored_strict)' : '; not anchored_strict';
  const disagree = mismatches === undefined || mismatches.length === 0 ? '' : `: ${mismatches.map((m) => `${m.field} promised ${m.reported}, called ${m.called} (${m.call_id})`).join('; ')}`;
  return `${who} → feasible, ${c.anchored ? 'anchored' : 'not anchored'} by ${c.anchoring_tools_required.join(' | ')}${strict}${disagree}`;
}

/**
 * Argument-level anchoring of a promise (`anchored_strict`): the details its sentence states
 * compared with the arguments of the successful calls of its enabling tools. Undefined when no
 * stated detail met an argument.
 */
function strictAnchoring(c: JudgedCommitment, sentences: readonly Sentence[], calls: readonly ToolActivity[], facts: DeploymentFacts, timeZone: string | undefined): { mismatches: ClaimMismatch[] } | undefined {
  // Loops, not arrows: this runs for every anchored promise, and tsx names each arrow it makes.
  const enabling: ToolActivity[] = [];
  // The tool first: a call's arguments are parsed when first read.
  for (const call of calls) if (call.succeeded && c.anchoring_tools_required.includes(call.name) && call.arguments !== undefined) enabling.push(call);
  if (enabling.length === 0) return undefined;
  const fields = argumentFields(enabling);
  if (fields.size === 0) return undefined;
  // The sentence holding the span: "at 9 am" may lie outside the promise's own words.
  let text = c.span;
  for (const sentence of sentences) {
    if (sentence.text.includes(c.span)) {
      text = sentence.text;
      break;
    }
  }
  const things = new Set<string>();
  for (const call of enabling) for (const action of facts.actionsOf.get(call.name) ?? []) for (const object of action.objects) things.add(object);
  const details = promisedDetails(text, [...things], timeZone === undefined ? { fields } : { fields, timeZone: checkedTimeZone(timeZone) });
  if (details.length === 0) return undefined;
  const { mismatches, compared } = compareDetails(c.span, details, enabling);
  return compared ? { mismatches } : undefined;
}
