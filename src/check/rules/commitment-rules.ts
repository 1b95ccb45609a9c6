/**
 * The detector's clause rules, in order: the first rule that decides a future clause wins. A rule
 * either excludes the clause (with the reason, for the explanation) or reads a commitment from it.
 * Setup-blind: nothing here knows which tools the assistant has.
 */
import type { Commitment, Performer } from '../../core/types.ts';
import { capabilitiesFor, classifyAct, stripPrefixes, type ActKind } from './acts.ts';
import type { FutureClause } from './clauses.ts';
import { actTrigger, triggerOf } from './act-trigger.ts';
import { DELIVERABLES, HABITUAL, PERSON_ACTS, phrases, USER_ACTIONS_TOWARDS_OTHERS } from './lexicon.ts';
import { kindOf, PERSON } from './subjects.ts';
import { firstMatch, SESSION_CUES, STRONG_TIME_CUES, strongFutureCue } from './triggers.ts';
import type { ReplyGate } from './reply-gate.ts';
import { actionLemma, sameAct } from '../../setups/action-verbs.ts';
import type { ToolAction } from '../../setups/tool-performs.ts';

export interface ReplyContext {
  persona: string | undefined;
  /** The folded reply, to look back for who "they" are. */
  reply: string;
  /** What the reply asks the user for: plans in it may wait for the answer. */
  gate: ReplyGate;
  /**
   * The deployment's tools change things inside the turn (book, cancel, refund): the e-mails,
   * refunds and shipments that follow are its operator's systems at work, not promises.
   */
  operatorSystems: boolean;
  /** What the assistant's own tools perform: a support bot's "we'll update your order" is its own act. */
  ownActs: readonly ToolAction[];
}

/** The act kind each clause commitment was read as, for the gate applied after the rules. */
const KIND_OF = new WeakMap<Commitment, ActKind>();
export function actKindOf(commitment: Commitment): ActKind | undefined {
  return KIND_OF.get(commitment);
}

/** What an operator's systems send or do after a completed action. */
const OPERATOR_OUTPUT = /\b(?:e-?mail|confirmation|receipt|refund|tracking|instructions|label|credit|invoice|shipping|shipment|package|parcel|delivery|replacement|new (?:item|order)|order|item|money|payment|balance|statement)s?\b/i;
const OPERATOR_ACT = /^(?:ship|send out|dispatch|deliver|process|refund|credit|charge|issue|reimburse|return|transfer|send (?:you )?(?:an? )?(?:e-?mail|confirmation|receipt|tracking|label|instructions))\b/i;

export type ClauseDecision =
  | { verdict: 'commitment'; rule: string; commitment: Commitment }
  | { verdict: 'excluded'; rule: string };

export interface ClauseRule {
  id: string;
  decide(clause: FutureClause, context: ReplyContext): ClauseDecision | null;
}

const HABIT = new RegExp(`\\b${phrases(HABITUAL)}\\b`, 'i');
/** A habit stated earlier in the sentence: "our team normally replies …, and they'll …". */
const HABIT_BEFORE = /\b(?:usually|normally|typically|generally|tends? to|as standard|as a rule)\b/i;
const PERSON_ACT = new RegExp(`^(?:${phrases(PERSON_ACTS)})\\b|^be (?:in touch|in contact|with you|there|round|over|out|sent|assigned|allocated|calling|contacting|ringing|phoning|emailing|reaching out|following up|looking|visiting|coming|able to help you)`, 'i');
const USER_FIRST = new RegExp(
  `(?:\\b(?:if|when|once|after|whenever)\\s+you(?:'ve)?\\s+(?:\\w+\\s+){0,3}?${phrases(USER_ACTIONS_TOWARDS_OTHERS)}\\b)|(?:^|[.!:;,][*_]*\\s+)[*_]*(?:\\d+[.)]\\s*)?(?:(?:or|and|then|alternatively|just|simply|please)\\s+)*${phrases(USER_ACTIONS_TOWARDS_OTHERS)}\\b`,
  'i',
);
const DELIVERABLE = new RegExp(`\\b(${phrases(Object.keys(DELIVERABLES))})\\b`, 'i');
const RECEIVE = /^(?:also |then |soon |automatically |still )?(?:get|receive|have|be getting|be receiving|see|find)\b(.{0,60})/i;
const HEAR_FROM = /^(?:also |then |soon )?hear (?:back )?from (me|us|our|the|a|an|one|someone|somebody|them)\b/i;
const BE_DONE_TO_YOU = /^(?:also |then |soon |automatically )?be (notified|reminded|alerted|updated|messaged|pinged|contacted|called|phoned|rung|emailed|texted|sent)\b/i;
const ARRIVES = /^(?:be (?:sent|delivered|emailed|texted|posted|waiting|with you|in your inbox|on its way)|arrive|land|go out|come through|reach you|pop up|show up|come to you)/i;
const HANDLED = /^be (?:reviewed|passed|forwarded|looked (?:at|into)|handled|escalated|investigated|processed|dealt with|picked up|followed up|actioned|assigned|raised|logged)/i;
/** The user is told to set something up: what it then sends is that system's doing, not the assistant's. */
const USER_SETS_UP =
  /\b(?:i'd|i would|i) (?:recommend|suggest)\b|\byou (?:could|can|might|should|may want to)\b|\b(?:try|consider)\b|(?:^|[.!:]\s+)(?:\d+[.)]\s*|[-*\u2022]\s*)?[*_]*(?:set up|set|sign up|turn on|switch on|switch|enable|add|use|download|install|text|subscribe|register|create|follow|join|opt in|go to|head to|log in|open|visit|tap|click|choose|select)\b|\b(?:easiest|simplest)\b|\bjot\b|\bif you\b|\b(?:let|lets|allow|allows) you\b/i;
const KEPT_ON_RECORD = /^(?:be|stay|remain) (?:on file|on record|saved|noted|remembered|kept|stored|recorded|in (?:my|your|the|our) (?:notes|records?|memory|file|system))\b/i;
/** What the user told the assistant to keep ("your preferences will be saved"), not data in general. */
const USERS_THING = /\b(?:your|this|that|these|those|my notes?|the (?:note|details|information|info|preferences?|reminder|list))\b|^(?:it|this|that|everything)$/i;
const CASE_NOUN = /\b(?:request|case|ticket|complaint|query|issue|enquiry|inquiry|report|application|claim|refund|callback|appointment|visit)\b/i;

function commitment(clause: FutureClause, fields: { performer: Performer; kind: ActKind; confidence: number; predicate: string }): Commitment {
  const decided = actTrigger(clause, fields);
  const made: Commitment = {
    span: clause.sentence.text.slice(clause.spanStart - clause.sentence.start, clause.spanEnd - clause.sentence.start),
    action: summarise(fields.predicate),
    performer: fields.performer,
    trigger_type: decided.trigger,
    time_expression: decided.timeExpression,
    required_capabilities: decided.trigger === 'user_next_message' ? [] : capabilitiesFor(fields.kind, decided.trigger),
    is_offer: false,
    confidence: fields.confidence,
  };
  KIND_OF.set(made, fields.kind);
  return made;
}

/** A few words saying what is promised. */
export function summarise(predicate: string): string {
  const words = predicate.replace(/[*_`]/g, '').split(/\s+/).filter(Boolean);
  return words.slice(0, 10).join(' ').replace(/[,;:]$/, '');
}

/** A promise of the assistant's own act (after "I'll", "I will", "I'm going to"). */
function selfAct(clause: FutureClause, rule: string): ClauseDecision {
  const predicate = stripPrefixes(clause.predicate);
  const act = classifyAct(predicate);
  const strongCue = strongFutureCue(predicate) ?? firstMatch(SESSION_CUES, clause.lead);
  // "Once you send the file, I'll review it": any act the user's next message sets off is a promise.
  if ((!act || act.kind === 'in_turn') && triggerOf(clause, predicate).trigger === 'user_next_message') {
    return { verdict: 'commitment', rule: `${rule}: on the user's next message`, commitment: commitment(clause, { performer: 'self', kind: 'in_turn', confidence: 0.7, predicate }) };
  }
  if (!act) {
    // An unknown act becomes a promise only when it is clearly set in the future.
    if (!strongCue && !strongFutureCue(clause.lead)) return { verdict: 'excluded', rule: `${rule}: no future act` };
    return { verdict: 'commitment', rule: `${rule}: act at a future time`, commitment: commitment(clause, { performer: 'self', kind: 'deliver', confidence: 0.6, predicate }) };
  }
  if (act.kind === 'phatic') return { verdict: 'excluded', rule: 'phatic closing (availability)' };
  if (act.kind === 'in_turn' && (!strongCue || act.id === 'plan of this reply' || act.id === 'ask the user')) return { verdict: 'excluded', rule: 'plan narration within the turn' };
  // "I'll get an engineer to call you": the person is the one who acts.
  const performer: Performer = act.kind === 'ask_person' ? 'third_party' : 'self';
  return {
    verdict: 'commitment',
    rule: `${rule}: ${act.id}`,
    commitment: commitment(clause, { performer, kind: act.kind, confidence: act.kind === 'in_turn' ? 0.6 : 0.9, predicate }),
  };
}


export const CLAUSE_RULES: readonly ClauseRule[] = [
  {
    id: 'question',
    decide: (clause) => (/\?\s*$/.test(clause.sentence.folded) && kindOf(clause) !== 'self' ? { verdict: 'excluded', rule: 'a question, not a promise' } : null),
  },
  {
    id: 'hypothetical',
    decide: (clause) => (/\bif (?:i|we) (?:could|were|had|was)\b|\bwish i\b/i.test(clause.lead) ? { verdict: 'excluded', rule: 'hypothetical' } : null),
  },
  {
    id: 'negation',
    decide: (clause) => {
      const negated = /^won'?t$/i.test(clause.marker) || /^(?:not|never)\b/i.test(clause.predicate.trim());
      if (!negated) return null;
      const rest = clause.predicate.trim().replace(/^(?:not|never)\s+/i, '');
      // "I won't forget" promises to remember; every other negation states a limitation.
      if (kindOf(clause) === 'self' && /^(?:ever\s+)?forget\b/i.test(rest)) {
        return { verdict: 'commitment', rule: 'negated forgetting is a promise to remember', commitment: commitment(clause, { performer: 'self', kind: 'recall', confidence: 0.7, predicate: rest }) };
      }
      return { verdict: 'excluded', rule: 'negation or limitation statement' };
    },
  },
  {
    id: 'capability',
    decide: (clause) => (/^(?:\w+\s+)?(?:be able to|be unable to|be in a position to)\b/i.test(clause.predicate.trim()) && kindOf(clause) !== 'they' ? { verdict: 'excluded', rule: 'capability statement' } : null),
  },
  {
    id: 'habitual',
    decide: (clause) => (HABIT.test(clause.subject) || (HABIT_BEFORE.test(clause.lead) && ['they', 'none'].includes(kindOf(clause))) || /^(?:usually|normally|typically|generally|often|sometimes|also usually)\b/i.test(clause.predicate.trim()) ? { verdict: 'excluded', rule: 'describes how another system usually behaves' } : null),
  },
  {
    id: 'self',
    decide: (clause) => {
      const kind = kindOf(clause);
      if (kind === 'self') return selfAct(clause, 'promise in the assistant\'s own voice');
      if (kind !== 'own_output') return null;
      // "From now on, every recipe I give you will be for two": a promise about its own later answers.
      const decided = triggerOf(clause, clause.predicate);
      const later = decided.trigger === 'next_session' || decided.trigger === 'time' || (decided.cue === 'from now on' && clause.userAsksForLater);
      if (!later) return { verdict: 'excluded', rule: 'describes its answers in this conversation' };
      return { verdict: 'commitment', rule: 'a promise about its own later answers', commitment: commitment(clause, { performer: 'self', kind: 'recall', confidence: 0.7, predicate: clause.predicate }) };
    },
  },
  {
    id: 'user does something first',
    decide: (clause) => (USER_FIRST.test(clause.lead.trim()) ? { verdict: 'excluded', rule: 'what happens after the user acts elsewhere (another system)' } : null),
  },
  {
    id: 'we',
    decide: (clause, context) => {
      if (kindOf(clause) !== 'we') return null;
      const predicate = stripPrefixes(clause.predicate);
      // A company's "we" is its people; a generic assistant's "we" is the assistant (and the user).
      // "We'll use Evans when we talk" is the assistant's own recall, not people acting.
      if (context.operatorSystems && OPERATOR_ACT.test(predicate)) return { verdict: 'excluded', rule: "describes what the operator's systems do after the action" };
      if (context.persona === 'support' && PERSON_ACT.test(predicate) && !/^(?:use|remember|keep|bear)\b/i.test(predicate) && !ownsAct(predicate, context.ownActs)) {
        return personAct(clause, 'the company promises its people will act');
      }
      return selfAct(clause, 'promise by "we"');
    },
  },
  {
    id: 'third party',
    decide: (clause, context) => {
      const kind = kindOf(clause);
      if (kind === 'they' && !PERSON.test(context.reply.slice(0, clause.spanStart))) return { verdict: 'excluded', rule: '"they" refers to no person or team' };
      if (kind !== 'person' && kind !== 'they') return null;
      return personAct(clause, 'a person or team is promised to act', context.persona);
    },
  },
  {
    id: 'passive receipt',
    decide: (clause, context) => {
      if (kindOf(clause) !== 'you') return null;
      const predicate = clause.predicate.trim();
      if (context.operatorSystems && /^(?:also |then |soon |shortly |automatically )?(?:get|receive|be (?:sent|emailed|refunded|credited|charged|issued)|see (?:the|a|your) (?:refund|credit|charge))\b/i.test(predicate) && OPERATOR_OUTPUT.test(predicate)) {
        return { verdict: 'excluded', rule: "describes what the operator's systems send after the action" };
      }
      const hear = HEAR_FROM.exec(predicate);
      if (hear) {
        const fromSelf = hear[1]!.toLowerCase() === 'me';
        return {
          verdict: 'commitment',
          rule: 'the user is told they will hear back',
          commitment: commitment(clause, { performer: fromSelf ? 'self' : 'third_party', kind: fromSelf ? 'notify' : 'ask_person', confidence: 0.8, predicate }),
        };
      }
      const done = BE_DONE_TO_YOU.exec(predicate);
      if (done) {
        const verb = done[1]!.toLowerCase();
        const byPerson = /contacted|called|phoned|rung/.test(verb) || PERSON.test(predicate);
        const kind: ActKind = byPerson ? 'ask_person' : verb === 'emailed' ? 'email' : verb === 'texted' ? 'sms' : 'notify';
        return { verdict: 'commitment', rule: 'passive promise to the user', commitment: commitment(clause, { performer: byPerson ? 'third_party' : 'self', kind, confidence: 0.75, predicate }) };
      }
      const receive = RECEIVE.exec(predicate);
      if (!receive) return null;
      if (/\b(?:usual|usually|automatic(?:ally)?|standard|routine)\b/i.test(predicate)) return { verdict: 'excluded', rule: 'describes a standing service' };
      if (USER_SETS_UP.test(clause.lead) || USER_SETS_UP.test(previousSentence(context.reply, clause.sentence.start))) {
        return { verdict: 'excluded', rule: 'what a service the user sets up will send (another system)' };
      }
      const object = DELIVERABLE.exec(receive[1] ?? '');
      // "You'll get your first one from them at the end of the month": people will send something.
      if (!object && /\bfrom (?:them|us|our\b|the (?:\w+ )?team\b|someone)/i.test(predicate) && strongFutureCue(predicate)) {
        return { verdict: 'commitment', rule: 'passive promise: people will send the user something', commitment: commitment(clause, { performer: 'third_party', kind: 'ask_person', confidence: 0.7, predicate }) };
      }
      if (!object || /^(?:see|find)\b/i.test(predicate.replace(/^(?:also|then|soon|automatically|still)\s+/i, ''))) return { verdict: 'excluded', rule: 'describes what the user will see or have' };
      if (/\bfrom (?:the|your|their) (?:app|bank|phone|calendar|website|site|map|provider|network|operator|airline|school|council|gp|surgery)\b|\bon your (?:phone|calendar|device)\b/i.test(predicate)) {
        return { verdict: 'excluded', rule: 'another system will notify the user' };
      }
      const byPerson = /\bfrom (?:our|the|a|an|one of)\b/i.test(predicate) && PERSON.test(predicate);
      const deliverable = DELIVERABLES[object[1]!.toLowerCase().replace(/\s+/g, ' ')] ?? 'notify';
      const kind: ActKind = byPerson ? 'ask_person' : deliverable === 'call' ? 'call' : deliverable;
      return { verdict: 'commitment', rule: `passive promise: the user will get a ${object[1]}`, commitment: commitment(clause, { performer: byPerson ? 'third_party' : 'self', kind, confidence: 0.75, predicate }) };
    },
  },
  {
    id: 'deliverable arrives',
    decide: (clause, context) => {
      const kind = kindOf(clause);
      if (context.operatorSystems && (kind === 'thing' || kind === 'system') && OPERATOR_OUTPUT.test(clause.subject) && (HANDLED.test(clause.predicate.trim()) || ARRIVES.test(clause.predicate.trim()) || /^be (?:processed|refunded|credited|issued|charged|shipped|returned|reflected|applied|reversed)\b/i.test(clause.predicate.trim()))) {
        return { verdict: 'excluded', rule: "describes what the operator's systems do after the action" };
      }
      if (kind === 'system' && /^(?:it|this|that)$/i.test(clause.subject.trim()) && KEPT_ON_RECORD.test(clause.predicate.trim())) {
        return { verdict: 'commitment', rule: 'passive promise: it will be kept for later', commitment: commitment(clause, { performer: 'self', kind: 'recall', confidence: 0.7, predicate: clause.predicate.trim() }) };
      }
      if (kind !== 'thing') return null;
      const predicate = clause.predicate.trim();
      const object = DELIVERABLE.exec(clause.subject);
      if (object && ARRIVES.test(predicate)) {
        const deliverable = DELIVERABLES[object[1]!.toLowerCase()] ?? 'deliver';
        const kind: ActKind = deliverable === 'call' ? 'ask_person' : deliverable;
        return { verdict: 'commitment', rule: `passive promise: a ${object[1]} will reach the user`, commitment: commitment(clause, { performer: kind === 'ask_person' ? 'third_party' : 'self', kind, confidence: 0.7, predicate }) };
      }
      // "It'll be on file for next time": the assistant's own record, promised for a later conversation.
      if (KEPT_ON_RECORD.test(predicate) && USERS_THING.test(clause.subject)) {
        return { verdict: 'commitment', rule: 'passive promise: it will be kept for later', commitment: commitment(clause, { performer: 'self', kind: 'recall', confidence: 0.7, predicate }) };
      }
      // "Ten questions will land here at 7:30 tonight": something of the assistant's arrives later.
      if (ARRIVES.test(predicate) && firstMatch(STRONG_TIME_CUES, predicate)) {
        return { verdict: 'commitment', rule: 'passive promise: something will reach the user later', commitment: commitment(clause, { performer: 'self', kind: 'deliver', confidence: 0.65, predicate }) };
      }
      if (CASE_NOUN.test(clause.subject) && HANDLED.test(predicate)) {
        return { verdict: 'commitment', rule: 'passive promise: people will handle the request', commitment: commitment(clause, { performer: 'third_party', kind: 'ask_person', confidence: 0.75, predicate }) };
      }
      return null;
    },
  },
  { id: 'other subject', decide: () => ({ verdict: 'excluded', rule: 'describes something other than the assistant or a person' }) },
];

/** The sentence before `start` in the same paragraph. */
function previousSentence(reply: string, start: number): string {
  const before = reply.slice(Math.max(0, start - 300), start).trimEnd();
  const paragraph = before.slice(before.lastIndexOf('\n') + 1);
  const parts = paragraph.split(/(?<=[.!?])\s+/).filter((part) => part.trim());
  return parts.at(-1) ?? '';
}

/** "The dentist will assess the gums": a generic role described at work, addressing no one. */
const GENERIC_ROLE = /^(?:the|a|an|each|every|any|most|many|some)\s+(?:[\w-]+\s+){0,2}?[\w-]+$/i;

function personAct(clause: FutureClause, rule: string, persona?: string): ClauseDecision {
  if (persona !== 'support' && kindOf(clause) === 'person' && GENERIC_ROLE.test(clause.subject.trim()) && !/\b(?:you|your|yours)\b/i.test(clause.predicate)) {
    return { verdict: 'excluded', rule: 'describes what a person in some role does, for no one in particular' };
  }
  // "We'll always write to you 49 days before": the company's standing process, not a promise made here.
  if (/^(?:always|automatically|routinely|as standard)\b/i.test(clause.predicate.trim())) return { verdict: 'excluded', rule: 'describes a standing process' };
  const predicate = stripPrefixes(clause.predicate);
  if (/^be able to\b/i.test(clause.predicate.trim())) return { verdict: 'excluded', rule: 'capability of another party' };
  if (USER_FIRST.test(clause.lead.trim())) return { verdict: 'excluded', rule: 'what happens after the user acts elsewhere (another system)' };
  if (!PERSON_ACT.test(predicate)) return { verdict: 'excluded', rule: 'a person is mentioned, but no act for the user is promised' };
  return { verdict: 'commitment', rule, commitment: commitment(clause, { performer: 'third_party', kind: 'ask_person', confidence: 0.85, predicate }) };
}

/** Whether the act a predicate names is one the assistant's own tools perform ("get your address updated"). */
function ownsAct(predicate: string, ownActs: readonly ToolAction[]): boolean {
  if (ownActs.length === 0) return false;
  const verbs = predicate.toLowerCase().split(/[^a-z-]+/).slice(0, 8).map(actionLemma).filter((v): v is string => v !== null);
  return verbs.some((verb) => ownActs.some((action) => sameAct(action.verb, verb)));
}
