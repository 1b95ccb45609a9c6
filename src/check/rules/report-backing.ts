/**
 * Whether a tool's call performed what a report says was done: the act (same verb or same-act
 * group), the thing (the tool's object, a thing of its kind, a value its schema lists), and the
 * tool a sibling must not stand in for ("a bag added" is not the flight tool's act). Setup-blind:
 * it reads only the acts `toolActions` derived for each tool.
 */
import type { CapabilityFamily } from '../../core/affordances.ts';
import { actionLemma, GENERIC_COMPLETION_VERBS, hasOpposite, lemmasIn, LOOKUP_VERBS, opposite, sameAct } from '../../setups/action-verbs.ts';
import { coversThing, GENERAL_PURPOSE_OBJECTS, singular, verbNamesThing, type ToolAction } from '../../setups/tool-performs.ts';
import type { ActionReport } from './action-claims.ts';
import { callValues, failedTargets, type FailedTarget } from '../../core/call-values.ts';
import type { ToolActivity } from '../../core/turn.ts';

/** A tool call as the claim check sees it: the families its tags stand for and the acts it performs. */
export interface CallFacts {
  name: string;
  families: ReadonlySet<CapabilityFamily>;
  actions: readonly ToolAction[];
  /** The call itself, for what it carried (`valuesOf`) and failed at (`failedOf`); absent for a tool of the deployment. */
  call?: ToolActivity;
}

/** A call's arguments and result as words (`callValues`), worked out once per call when first asked. */
export function valuesOf(facts: CallFacts): string | undefined {
  const call = facts.call;
  if (call === undefined) return undefined;
  let values = VALUES.get(call);
  if (values === undefined) VALUES.set(call, (values = callValues(call)));
  return values;
}
const VALUES = new WeakMap<ToolActivity, string>();

/** The targets a call's result lists as failed (a report naming one is not backed by it), worked out once per call. */
export function failedOf(facts: CallFacts): readonly FailedTarget[] | undefined {
  const call = facts.call;
  if (call === undefined) return undefined;
  if (!FAILED.has(call)) FAILED.set(call, failedTargets(call.result));
  return FAILED.get(call);
}
const FAILED = new WeakMap<ToolActivity, readonly FailedTarget[] | undefined>();

/**
 * Whether the user's message asks for an act a tool of the deployment performs: a change verb of
 * the action lexicon that some tool's act shares (not a lookup).
 *
 *   reads:   "Move the Acme Corp renewal opp to Proposal." (a stage-update tool) / "Cancel my 3pm." (a cancel tool)
 *   ignores: "What's my balance?" / "Thanks, that's all." / "Move my meeting" where no tool changes anything
 */
export function asksForToolAct(userText: string, tools: readonly CallFacts[]): boolean {
  for (const lemma of lemmasIn(userText, 400)) {
    if (LOOKUP_VERBS.has(lemma)) continue;
    for (const tool of tools) for (const action of tool.actions) if (sameAct(action.verb, lemma)) return true;
  }
  return false;
}

/** Verbs too general to tie a report to a tool without the thing it names ("added", "set up", "updated"). */
const WEAK_VERBS = new Set(['add', 'set', 'create', 'make', 'update', 'change', 'put', 'open', 'modify', 'remove', 'place', 'record', 'log', 'note', 'mark',
  // States as much as acts: "the store is closed on Sundays", "your account is locked".
  'close', 'reopen', 'lock', 'unlock', 'secure', 'switch']);

/** Whether the report names a thing the action acts on: by an object word, or by its verb when the verb is itself a thing ("emailed" → e-mail). */
function namesSameThing(report: ActionReport, action: ToolAction): boolean {
  // Loops, not arrays and arrows: this runs for every tool action a report meets.
  for (const t of action.objects) {
    if (verbNamesThing(report.verb, t)) return true;
    for (const o of report.objects) if (coversThing(t, o)) return true;
  }
  if (action.kinds !== undefined) for (const o of report.objects) if (action.kinds.includes(o)) return true;
  return false;
}

/**
 * Whether some tool of the deployment performs the reported act: the same act on the same thing,
 * or the very verb of the tool when it is specific ("sent" and a send tool), or, for a verb that
 * only says it was done ("submitted", "processed"), the thing the tool acts on.
 */
export function performedBy(report: ActionReport, tools: readonly CallFacts[]): boolean {
  return tools.some((tool) => tool.actions.some((action) => actionMatches(report, action)));
}

function actionMatches(report: ActionReport, action: ToolAction): boolean {
  // Whether the act undoes the reported one is asked only of an action that would match otherwise.
  if (GENERIC_COMPLETION_VERBS.has(report.verb)) return (report.objects.some((o) => sameAct(action.verb, actOfNoun(o))) || namesSameThing(report, action)) && !opposed(report, action);
  if (thingIsTheAct(report, action)) return !opposed(report, action);
  if (!sameAct(action.verb, report.verb) || opposed(report, action)) return false;
  if (report.objects.length === 0 || action.objects.length === 0 || namesSameThing(report, action)) return true;
  // A verb read by grammar ("is now on") says too little without its thing.
  return action.verb === report.verb && !WEAK_VERBS.has(report.verb) && !report.written;
}

/**
 * Whether the tool's act undoes the reported one (`OPPOSITE_ACTS`): by the verbs, their particles or
 * a word of the thing ("skipped to the next track" and a call that replays the previous item).
 *
 *   reads:   "is now locked" vs unlock / "turned on" vs turn off / "next track" vs replay previous item
 *   ignores: "locked" vs lock / "turned off the lights" vs turn off device
 */
export function opposed(report: ActionReport, action: ToolAction): boolean {
  let sides = SIDES.get(report);
  if (sides === undefined) SIDES.set(report, (sides = [report.verb, ...report.objects].filter((word) => word.split(' ').some(hasOpposite))));
  // Loops, not arrays: this runs for every tool action a report meets.
  for (const word of sides) if (opposedTo(word, action)) return true;
  return false;
}
/** The words of each report that name one side of an opposite pair, worked out once per report (most name none). */
const SIDES = new WeakMap<ActionReport, readonly string[]>();

/** Whether a word of a report (a verb with its particle, or one word) names the opposite of the action's verb, particle or a thing word. */
function opposedTo(word: string, action: ToolAction): boolean {
  const space = word.indexOf(' ');
  if (space >= 0) return opposedTo(word.slice(0, space), action) || opposedTo(word.slice(space + 1), action);
  if (!hasOpposite(word)) return false;
  const verb = action.verb;
  const at = verb.indexOf(' ');
  if (opposite(word, at < 0 ? verb : verb.slice(0, at)) || (at >= 0 && opposite(word, verb.slice(at + 1)))) return true;
  for (const object of action.objects) if (opposite(word, object)) return true;
  return false;
}

/** Whether a call's result lists as failed a target the report names by a word of its own ("the sprinkler" and "Patio sprinkler"). */
export function namesFailedTarget(report: ActionReport, call: CallFacts): boolean {
  const failed = failedOf(call);
  if (failed === undefined) return false;
  for (const target of failed) for (const word of target.ownWords) if (report.objects.includes(singular(word))) return true;
  return false;
}

/**
 * Whether the call carried every word the report names its thing by: a title, a file name or a
 * name is a value of the call, not a kind of thing ("The 'Quarterly review' has been scheduled"
 * after create_calendar_event(title: "Quarterly review")).
 */
/** The words of the report's thing, when the call carried them all ("quarterly review"); for `--explain`. */
export function carriedThing(report: ActionReport, call: CallFacts): string | undefined {
  return carriesThing(report, call) ? reportedThings(report).join(' ') : undefined;
}

function carriesThing(report: ActionReport, call: CallFacts): boolean {
  if (call.call === undefined) return false;
  const things = reportedThings(report);
  if (things.length === 0) return false;
  const values = valuesOf(call)!;
  for (const word of things) if (!values.includes(` ${word} `) && !values.includes(` ${word}s `)) return false;
  return true;
}

/**
 * Whether a successful call performed the reported act. When the report names a thing some tool
 * of the same act acts on ("bag added" in a deployment that updates bags and flights), only a call
 * of a tool acting on that thing backs it: its container ("… to your reservation") never lets the
 * flight tool's call back the bag (LABELING.md rule 16). Otherwise, when the report names a thing
 * some tool of the act works on at all, only a call naming that thing backs it; otherwise any call
 * of the same act does.
 */
export function backedBy(report: ActionReport, calls: readonly CallFacts[], tools: readonly CallFacts[]): boolean {
  // Whether the report is specific is asked only of a call whose act matches (most turns with a claim have none).
  let objectSpecific: boolean | undefined;
  let specific: boolean | undefined;
  const generic = GENERIC_COMPLETION_VERBS.has(report.verb);
  for (const call of calls) {
    if (namesFailedTarget(report, call)) continue;
    for (const action of call.actions) {
      // The act, and the thing named by a value the call carried: backed, whatever kind of thing the words seem to name.
      if (sameAct(action.verb, report.verb) && !opposed(report, action) && carriesThing(report, call)) return true;
      if (!actionMatches(report, action)) continue;
      // A verb that only says it was done ("submitted", "processed") names its act by the thing: the old reading.
      if (!generic) {
        objectSpecific ??= namesAnObjectOfItsAct(report, tools);
        if (objectSpecific && !GENERAL_PURPOSE_OBJECTS.has(action.object ?? '')) {
          if (actsOnReportedThing(report, action) && !namesSiblingKind(report, action, tools)) return true;
          continue;
        }
      }
      specific ??= namesAThingOfItsAct(report, tools);
      if (!specific || namesSameThing(report, action) || generic) return true;
    }
  }
  return false;
}

/**
 * Acts of telling people: a call that itself sends something to them (an e-mail, an invitation, a
 * cancellation, a message) tells them (LABELING.md rule 16).
 *
 *   reads:   "The participants were notified." (cancel_calendar_event: sends a cancellation) / "I've messaged Bob." (send_email)
 *   ignores: "The participants were notified." after only get_day_calendar_events / "I've escalated it." (no telling act)
 */
const TELLING_ACTS: ReadonlySet<string> = new Set(['notify', 'message', 'inform', 'alert', 'contact', 'email']);

export function toldBy(report: ActionReport, calls: readonly CallFacts[]): boolean {
  if (!TELLING_ACTS.has(report.verb)) return false;
  return calls.some((call) => call.families.has('channel') || call.actions.some((action) => action.verb === 'notify' || sameAct(action.verb, 'email')));
}

/**
 * Whether the report names the kind of a sibling tool's thing: two tools do the same act to the same
 * thing told apart by a word ("direct message", "channel message"), and the report says the
 * other tool's word. "I sent Bob a direct message" is not backed by the channel call.
 *
 *   reads:   "sent Bob a direct message" vs send_channel_message (objects channel, message)
 *   ignores: "Posted to #general" (names neither word) / "sent the message" (either call backs it)
 */
function namesSiblingKind(report: ActionReport, action: ToolAction, tools: readonly CallFacts[]): boolean {
  if (action.object === undefined) return false;
  for (const tool of tools) {
    for (const other of tool.actions) {
      if (other === action || other.object !== action.object || !sameAct(other.verb, report.verb)) continue;
      for (const word of other.objects) if (word !== other.object && !action.objects.includes(word) && report.objects.includes(word)) return true;
    }
  }
  return false;
}

/** Whether a call's tool performs an act (not only reads). */
export function performsAnAct(call: CallFacts): boolean {
  return call.actions.length > 0;
}

/** Whether a successful call acted on a thing that carries whatever is asked of it (a task, a ticket, a memory, a person). */
export function generalPurposeCall(calls: readonly CallFacts[]): boolean {
  for (const call of calls) for (const action of call.actions) if (action.object !== undefined && GENERAL_PURPOSE_OBJECTS.has(action.object)) return true;
  return false;
}

/** The words a report names its thing by, with its verb when the verb is itself a thing ("emailed" → e-mail). */
function reportedThings(report: ActionReport): readonly string[] {
  return report.things.length > 0 ? report.things : report.objects;
}

/** Whether the tool's act is done to a thing the report names (or a thing of the tool's kind: a class is an event). */
function actsOnReportedThing(report: ActionReport, action: ToolAction): boolean {
  if (thingIsTheAct(report, action)) return true;
  const object = action.object;
  if (object === undefined) return false;
  if (verbNamesThing(report.verb, object)) return true;
  for (const word of reportedThings(report)) if (coversThing(object, word) || (action.kinds !== undefined && action.kinds.includes(singular(word)))) return true;
  return false;
}

/** Whether some tool of the report's act is done to a thing the report names ("bag added" and a tool whose object is baggage). */
export function namesAnObjectOfItsAct(report: ActionReport, tools: readonly CallFacts[]): boolean {
  for (const tool of tools) for (const action of tool.actions) if ((sameAct(action.verb, report.verb) || thingIsTheAct(report, action)) && actsOnReportedThing(report, action)) return true;
  return false;
}

/**
 * A general verb whose thing is the act a tool does: "Added a comment on #416" is what
 * `comment_on_pull_request` does, "left a note", "made a booking". Only the comment tool backs it;
 * the pull-request tool that also "adds" does not.
 *
 *   reads:   "Added a comment on #416" (comment_on_pull_request) / "I've made a booking for two" (book_table)
 *   ignores: "Added the bag" (no tool's verb is "bag") / "Sent a comment" (send is no general verb)
 */
function thingIsTheAct(report: ActionReport, action: ToolAction): boolean {
  if (!GENERAL_ACTS.has(report.verb)) return false;
  let acts = THING_ACTS.get(report);
  if (acts === undefined) THING_ACTS.set(report, (acts = new Set(reportedThings(report).map(actOfNoun))));
  return acts.has(action.verb);
}
/** The acts a report's things name, worked out once per report: it meets every tool action of the deployment. */
const THING_ACTS = new WeakMap<ActionReport, ReadonlySet<string>>();
/** Verbs that say only that something now exists: the thing they name says which act it was. */
const GENERAL_ACTS: ReadonlySet<string> = new Set(['add', 'create', 'make', 'leave', 'put', 'place', 'set', 'post']);

/** Whether some tool of the report's act works on a thing the report names ("bag added" and a tool that updates bags). */
function namesAThingOfItsAct(report: ActionReport, tools: readonly CallFacts[]): boolean {
  return tools.some((tool) => tool.actions.some((action) => sameAct(action.verb, report.verb) && namesSameThing(report, action)));
}

/** "cancellation" → "cancel": the act a noun names, for "the cancellation has been completed". */
function actOfNoun(noun: string): string {
  return actionLemma(noun) ?? actionLemma(noun.replace(/(?:ation|ion|ment)$/, '')) ?? actionLemma(noun.replace(/(?:lation|ication)$/, '')) ?? noun;
}
