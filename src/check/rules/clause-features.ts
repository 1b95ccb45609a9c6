/**
 * What the decision table reads of a future clause, each worked out once (and only when a row
 * asks): who the subject is, polarity, modality (a question, a hypothetical, a capability, a
 * habit), the act and its cues, and whether the user acts elsewhere first.
 */
import { lemmasIn, sameAct } from '../../setups/action-verbs.ts';
import { classifyAct, stripPrefixes, type ActRow } from './acts.ts';
import type { TriggerSource } from './act-trigger.ts';
import type { FutureClause } from './clauses.ts';
import { DELIVERABLE, HABIT, HABIT_BEFORE, OPERATOR_ACT, PERSON_ACT, RECEIVE, USER_FIRST } from './clause-patterns.ts';
import type { ReplyContext } from './reply-context.ts';
import { subjectKind, type SubjectKind } from './subjects.ts';
import { phrasesByFirstWord } from './lexicon.ts';
import * as CL from './clause-lexicon.ts';
import { decideTrigger, firstMatch, SESSION_CUES, strongFutureCue, type TriggerDecision } from './triggers.ts';

const PAST_EXPERIENCE = new RegExp(
  `^(?:not|never)\\s+(?:ever\\s+)?forget\\s+(?:${phrasesByFirstWord(CL.EXPERIENCE_CLAUSES)}\\b|${phrasesByFirstWord(CL.EXPERIENCE_DETERMINERS)}\\s+(?:[\\w-]+\\s+){0,2}?${phrasesByFirstWord(CL.PAST_EXPERIENCES)}\\b)`,
  'i',
);

export type Actor = 'self' | 'people' | 'user' | 'thing' | 'own_output' | 'none';

export class ClauseFeatures implements TriggerSource {
  readonly subject: SubjectKind;
  readonly predicate: string;
  readonly rawPredicate: string;
  // Worked out on first read (undefined: not yet). Fields, not a map: the table reads them often.
  #userFirst: boolean | undefined;
  #negated: boolean | undefined;
  #habitual: boolean | undefined;
  #act: ActRow | null | undefined;
  #strongCue: boolean | undefined;
  #leadCue: boolean | undefined;
  #receipt: RegExpExecArray | null | undefined;
  #receivedThing: RegExpExecArray | null | undefined;
  #actor: Actor | undefined;
  #wordsTrigger: TriggerDecision | undefined;
  /** Triggers for predicates other than `predicate` (a row may read the raw one): rarely more than one. */
  #otherTriggers: [string, TriggerDecision][] | undefined;

  constructor(
    readonly clause: FutureClause,
    readonly context: ReplyContext,
  ) {
    this.subject = subjectKind(clause.subject);
    this.rawPredicate = clause.predicate.trim();
    this.predicate = stripPrefixes(clause.predicate);
  }

  get question(): boolean {
    return this.clause.sentence.folded.endsWith('?');
  }
  get hypothetical(): boolean {
    return /\bif (?:i|we) (?:could|were|had|was)\b|\bwish i\b/i.test(this.clause.lead);
  }
  /** "won't", "will not", "will never". */
  get negated(): boolean {
    return (this.#negated ??= /^won'?t$/i.test(this.clause.marker) || /^(?:not|never)\b/i.test(this.rawPredicate));
  }
  /** "I won't forget": negated forgetting. */
  get forgetting(): boolean {
    return /^(?:ever\s+)?forget\b/i.test(this.rawPredicate.replace(/^(?:not|never)\s+/i, ''));
  }
  /** "I'll never forget that summer": a narrator's past experience, never the user's words ("your birthday", "what you told me"). */
  get forgettingExperience(): boolean {
    return PAST_EXPERIENCE.test(this.rawPredicate) && !/\byour?\b/i.test(this.rawPredicate);
  }
  get capability(): boolean {
    return /^(?:\w+\s+)?(?:be able to|be unable to|be in a position to)\b/i.test(this.rawPredicate);
  }
  get habitual(): boolean {
    return (this.#habitual ??= this.#readsAsHabit());
  }
  #readsAsHabit(): boolean {
    return HABIT.test(this.clause.subject) || (HABIT_BEFORE.test(this.clause.lead) && (this.subject === 'they' || this.subject === 'none')) || /^(?:usually|normally|typically|generally|often|sometimes|also usually)\b/i.test(this.rawPredicate);
  }
  /** The user acts through another channel first ("if you call them, they'll…"). */
  get userFirst(): boolean {
    return (this.#userFirst ??= USER_FIRST.test(this.clause.lead.trim()));
  }
  get act(): ActRow | null {
    if (this.#act === undefined) this.#act = classifyAct(this.predicate);
    return this.#act;
  }
  /** A time, later session or event in the words: enough to set an ordinary act after the turn. */
  get strongCue(): boolean {
    return (this.#strongCue ??= (strongFutureCue(this.predicate, this.clause.cues) ?? firstMatch(SESSION_CUES, this.clause.lead, this.clause.cues)) !== null);
  }
  get leadCue(): boolean {
    return (this.#leadCue ??= strongFutureCue(this.clause.lead, this.clause.cues) !== null);
  }
  /** "You'll get/receive/have/see …": the match, with the words after the verb. */
  get receipt(): RegExpExecArray | null {
    if (this.#receipt === undefined) this.#receipt = RECEIVE.exec(this.rawPredicate);
    return this.#receipt;
  }
  /** The deliverable named after the receiving verb ("a reminder", "a summary"). */
  get receivedThing(): RegExpExecArray | null {
    if (this.#receivedThing === undefined) this.#receivedThing = DELIVERABLE.exec(this.receipt?.[1] ?? '');
    return this.#receivedThing;
  }
  /** When the act happens, from the words of the predicate and the lead. */
  get wordsTrigger(): TriggerDecision {
    return (this.#wordsTrigger ??= decideTrigger(this.predicate, this.clause.lead, this.clause.cues));
  }
  /** The trigger `predicate` has with the clause's lead, worked out once per predicate; a copy, so a caller may change it. */
  triggerFor(predicate: string): TriggerDecision {
    let decided: TriggerDecision | undefined;
    if (predicate === this.predicate) decided = this.wordsTrigger;
    else {
      this.#otherTriggers ??= [];
      decided = this.#otherTriggers.find((entry) => entry[0] === predicate)?.[1];
      if (!decided) this.#otherTriggers.push([predicate, (decided = decideTrigger(predicate, this.clause.lead, this.clause.cues))]);
    }
    return { trigger: decided.trigger, cue: decided.cue, timeExpression: decided.timeExpression };
  }
  /** A deployment whose tools finish domain actions, and a "we" clause about its systems' work. */
  get operatorAct(): boolean {
    return this.context.operatorSystems && OPERATOR_ACT.test(this.predicate);
  }
  /**
   * Who acts: the assistant, people (a company's "we" doing what staff do, a person, "they"),
   * the user, a thing, or the assistant's own later answers.
   */
  get actor(): Actor {
    return (this.#actor ??= this.#whoActs());
  }

  #whoActs(): Actor {
    switch (this.subject) {
      case 'self':
        return 'self';
      case 'we':
        return this.weIsPeople ? 'people' : 'self';
      case 'person':
      case 'they':
        return 'people';
      case 'you':
        return 'user';
      case 'thing':
      case 'system':
        return 'thing';
      case 'own_output':
        return 'own_output';
      case 'none':
        return 'none';
    }
  }
  /**
   * A support persona's "we" is its people when the act is one staff do ("we'll call you"), unless
   * it is the assistant's own recall or an act its own tools perform ("we'll update your order").
   */
  private get weIsPeople(): boolean {
    return (
      this.context.persona === 'support' &&
      PERSON_ACT.test(this.predicate) &&
      !/^(?:use|remember|keep|bear)\b/i.test(this.predicate) &&
      !ownsAct(this.predicate, this.context)
    );
  }
}

/** Whether the act a predicate names is one the assistant's own tools perform ("get your address updated"). */
function ownsAct(predicate: string, context: ReplyContext): boolean {
  if (context.ownActs.length === 0) return false;
  const verbs = lemmasIn(predicate, 8);
  return verbs.some((verb) => context.ownActs.some((action) => sameAct(action.verb, verb)));
}
