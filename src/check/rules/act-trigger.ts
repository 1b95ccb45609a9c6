/**
 * When a promised act happens, once we know what the act is. `decideTrigger` reads the words;
 * these adjustments apply what the act itself implies: remembering is for a later conversation,
 * a watch fires on its event, people act outside this conversation, and a user who brings the
 * facts back needs nothing remembered.
 */
import type { Performer } from '../../core/types.ts';
import { classifyAct, type ActKind } from './acts.ts';
import type { FutureClause } from './clauses.ts';
import { keptForThisChat } from './in-chat-purpose.ts';
import { decideTrigger, EVENT_CUES, firstMatch, TIME_CUES, UNSPECIFIED_CUES, type TriggerDecision } from './triggers.ts';

const USER_BRINGS_IT_BACK =
  /\b(?:paste|copy|start (?:with|by|any|your|each|every|the)|begin (?:with|by)|open with|include|mention|tell me (?:again|that|it|this)|remind me (?:of|that|about)|share (?:it|this|that|them) again)\b/i;

/** Acts the assistant performs in its next reply of this chat (not e-mail, reminders, watches or people). */
const IN_CHAT_KINDS: ReadonlySet<ActKind> = new Set<ActKind>(['recall', 'in_turn', 'phatic']);

/** An in-chat act, or an act of no known kind ("take a look at it once it's here": read as a later delivery only for want of a verb). */
function inChat(act: { kind: ActKind; predicate: string }): boolean {
  return IN_CHAT_KINDS.has(act.kind) || (act.kind === 'deliver' && classifyAct(act.predicate) === null);
}

/** A clause, and its triggers as the words say them, each worked out once per predicate (ClauseFeatures). */
export interface TriggerSource {
  clause: FutureClause;
  triggerFor(predicate: string): TriggerDecision;
}

export function actTrigger(source: TriggerSource, act: { kind: ActKind; performer: Performer; predicate: string }): TriggerDecision {
  const { clause } = source;
  const trigger = source.triggerFor(act.predicate);
  // "Start your next chat with this line and I'll tailor it": the user brings the facts back.
  if (act.kind === 'recall' && USER_BRINGS_IT_BACK.test(clause.lead)) return { trigger: 'user_next_message', cue: 'user message', timeExpression: null };
  // The user said more is coming in this chat ("I'll paste the article next"): keeping it in mind, or
  // looking at it once it's here, waits for that message, unless the words name a time, a later
  // session or "later". Acts through another channel (e-mail, reminders, people) never do.
  if (clause.userSendsMore && inChat(act) && ((trigger.trigger === 'unspecified_future' && trigger.cue === null) || trigger.trigger === 'external_event')) {
    return { trigger: 'user_next_message', cue: 'user message', timeExpression: null };
  }
  // "When you ask me for recipes later on, I'll remember…" is a later session.
  if (trigger.cue === 'user message' && act.kind === 'recall' && (firstMatch(UNSPECIFIED_CUES, clause.lead, clause.cues) || firstMatch(TIME_CUES, clause.lead, clause.cues))) {
    return { trigger: 'next_session', cue: 'later', timeExpression: null };
  }
  // "Keep an eye on Saturday's forecast and shout if rain starts": a watch fires on its event, not the day named.
  if (act.kind === 'watch' && trigger.trigger === 'time' && firstMatch(EVENT_CUES, act.predicate, clause.cues)) {
    return { trigger: 'external_event', cue: 'event', timeExpression: trigger.timeExpression };
  }
  // People act outside this conversation: "from now on" cannot keep their promise inside it.
  if (act.performer === 'third_party' && (trigger.cue === 'from now on' || trigger.cue === 'this conversation')) {
    const own = decideTrigger(act.predicate, '', clause.cues);
    return own.trigger === 'user_next_message' ? { trigger: 'unspecified_future', cue: null, timeExpression: null } : own;
  }
  // "I will use these notes to help you build the outline", "…when writing the scenes": kept for work of this chat, with no later time or session named.
  if (act.kind === 'recall' && ((trigger.trigger === 'unspecified_future' && trigger.cue === null) || (trigger.trigger === 'external_event' && trigger.cue === 'event')) && keptForThisChat(act.predicate)) {
    return { trigger: 'user_next_message', cue: 'this conversation', timeExpression: null };
  }
  // Remembering is for a later conversation unless the words tie it to this one; so is "from now on"
  // when the user asked about later conversations.
  if ((act.kind === 'recall' || clause.userAsksForLater) && trigger.cue === 'from now on') return { trigger: 'next_session', cue: trigger.cue, timeExpression: trigger.timeExpression };
  if (act.kind === 'recall' && (trigger.trigger === 'unspecified_future' || trigger.trigger === 'time')) return { trigger: 'next_session', cue: trigger.cue, timeExpression: trigger.timeExpression };
  return trigger;
}
