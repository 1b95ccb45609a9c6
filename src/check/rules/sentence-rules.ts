/**
 * Commitments that are not "subject + will + act": offers ("Want me to…?", "If you like, I can…"),
 * promises in the present tense with nothing behind them ("I'm setting that reminder now"), and
 * bare acceptances ("Consider it done!") that promise whatever the user asked for.
 */
import type { CapabilityFamily } from '../../core/affordances.ts';
import type { Category, Commitment } from '../../core/types.ts';
import { CHANGE_VERBS } from '../../setups/action-verbs.ts';
import { capabilitiesFor, classifyAct, stripPrefixes, type ActKind } from './acts.ts';
import { summarise } from './clause-commitment.ts';
import { cueMask, hasAnyCue } from './cues.ts';
import { inOrder, phrases, phrasesByFirstWord } from './lexicon.ts';
import type { SentenceRuleCode } from './rule-codes.ts';
import * as L from './sentence-lexicon.ts';
import type { Sentence } from './text-regions.ts';
import { decideTrigger, firstMatch, TIME_CUES } from './triggers.ts';

const ACCEPTANCE_CUE = cueMask('acceptance');
const DANGLING_CHECK_CUE = cueMask('dangling_check');
const EXPECTATION_CUE = cueMask('expectation');
const NOTE_TO_SELF_CUE = cueMask('note_to_self');
const OFFER_CUE = cueMask('offer');
const QUESTION_CUE = cueMask('question');
const CONDITION_CUE = cueMask('offer_condition');
const PROGRESSIVE_CUE = cueMask('progressive');

export interface SentenceFinding {
  code: SentenceRuleCode;
  commitment: Commitment;
  /** The sentence is fully explained by this finding: its future clauses are not read again. */
  consumesSentence: boolean;
}

const QUESTION_OFFER = new RegExp(
  `(?:^|[\\s,:;!.])((?:${inOrder(L.OFFER_QUESTIONS)}|(?:can|could|may) i(?!\\s+${phrases(L.ASKS_FOR_ITSELF)})|${inOrder(L.MORE_OFFER_QUESTIONS)})\\b)\\s*(?!to\\b)(.*?)\\s*\\?`,
  'i',
);
const CONDITIONAL_OFFER = new RegExp(`\\b${phrasesByFirstWord(L.OFFER_CONDITIONS)}\\b`, 'i');
const OFFER_ACT = new RegExp(`\\b${inOrder(L.OFFER_OPENERS)} (.*?)(?=[.!?]|$|,\\s*(?:if|just)\\b|\\s+if\\b)`, 'i');
const LET_ME_KNOW_OFFER = /\b(?:let me know|tell me|just say)\s+if you(?:'d)? (?:like|want) me to\s+(.*?)(?=[.!?]|$)/i;

const NOTE_TO_SELF = /\b(?:i(?:'ve| have) (?:made|set|written) (?:a |myself a )?(?:mental )?(?:note|reminder)|i(?:'ve| have) noted|i'll make (?:a )?(?:mental )?note|i(?:'ve| have) made it a point) to\s+(.*?)(?=[.!?]|$)/i;
/** "Expect a call from us before 6pm", "A confirmation email is on its way", "Reminder coming your way at 10:20". */
const EXPECT = new RegExp(
  `(?:^[^a-z]*|[.!:\\u2014\\u2013]\\s*|\\s-\\s|\\b${inOrder(L.EXPECT_LEADS)}\\s+)${inOrder(L.EXPECT_VERBS)}\\s+${inOrder(L.EXPECT_ARTICLES)}?\\s*(?:[\\w-]+\\s+)?(${inOrder(L.EXPECTED)})\\b`
    + `(?:\\s+from\\s+(me|us|our\\b[^.,!?]{0,30}|the\\b[^.,!?]{0,30}|someone[^.,!?]{0,20}|an?\\s[^.,!?]{0,30}))?`,
  'i',
);
const ON_ITS_WAY = new RegExp(`\\b(${inOrder(L.ON_ITS_WAY_THINGS)})s?\\b[^.!?]{0,25}?\\b(?:(?:is|are|'s)\\s+)?${inOrder(L.COMING)}`, 'i');
const ACCEPTANCE = new RegExp(`^\\W*will do\\b|\\b${inOrder(L.ACCEPTANCES)}\\b`, 'i');

/** The capability family a present-tense action would have needed a call of. */
const PROGRESSIVE_KIND: Record<string, ActKind> = {
  setting: 'notify', 'setting up': 'notify', scheduling: 'notify', creating: 'notify', adding: 'notify',
  saving: 'recall', storing: 'recall', noting: 'recall', 'making a note': 'recall',
  arranging: 'delegate', passing: 'delegate', forwarding: 'delegate', escalating: 'delegate', raising: 'delegate',
  booking: 'delegate', logging: 'delegate', 'putting in': 'delegate', flagging: 'delegate', submitting: 'delegate',
  requesting: 'delegate', filing: 'delegate', opening: 'delegate', sending: 'deliver',
};
/** "I'm setting that reminder now": the act in the present tense (group 1, a key of PROGRESSIVE_KIND) and the rest (group 2). */
const PROGRESSIVE = new RegExp(`\\bi(?:'m| am) (?:${inOrder(L.PROGRESSIVE_ADVERBS)} )?(${phrases(Object.keys(PROGRESSIVE_KIND))})\\b(.*?)(?=[.!?]|$)`, 'i');
const FAMILY_OF_KIND: Partial<Record<ActKind, CapabilityFamily>> = { notify: 'later', deliver: 'later', watch: 'later', recall: 'memory', delegate: 'people', ask_person: 'people' };

const CATEGORY_ACT: Record<Category, ActKind> = {
  reminder: 'notify',
  monitoring: 'watch',
  callback: 'ask_person',
  deferred_delivery: 'deliver',
  memory: 'recall',
};

export interface SentenceContext {
  userText: string;
  category: Category | undefined;
  /** Families of the tools that succeeded in the turn (a scheduler, a memory store, people). */
  succeededFamilies: ReadonlySet<CapabilityFamily>;
}

/** A sentence holding none of these rules' cues (`cues.ts`) skips them all after one test. */
export const SENTENCE_RULE_CUES = cueMask('offer', 'note_to_self', 'progressive', 'expectation', 'acceptance');

export function offerIn(sentence: Sentence): SentenceFinding | null {
  const text = sentence.folded;
  if (!hasAnyCue(sentence.cues, OFFER_CUE)) return null;
  const question = hasAnyCue(sentence.cues, QUESTION_CUE) ? QUESTION_OFFER.exec(text) : null;
  // "Which day would you like me to send it?" asks for information; it offers nothing new.
  const asksWhich = question && /\b(?:what|which|when|where|who|how|why)\b[^?]{0,40}$/i.test(text.slice(0, question.index + question[0].indexOf(question[1]!)));
  if (question && !asksWhich && !/^(?:what|which|when|where|who|how|why)\b/i.test(text.trim().replace(/^[^a-z]+/i, ''))) {
    const start = question.index + question[0].indexOf(question[1]!);
    return offer(sentence, start, question.index + question[0].length - 1, question[2] ?? '', 'question_offer');
  }
  const letMeKnow = hasAnyCue(sentence.cues, CONDITION_CUE) ? LET_ME_KNOW_OFFER.exec(text) : null;
  if (letMeKnow) return offer(sentence, letMeKnow.index, letMeKnow.index + letMeKnow[0].length, letMeKnow[1]!, 'offer_on_reply');
  if (hasAnyCue(sentence.cues, CONDITION_CUE) && CONDITIONAL_OFFER.test(text)) {
    const act = OFFER_ACT.exec(text);
    if (act) return offer(sentence, act.index, act.index + act[0].length, act[1]!, 'conditional_offer');
  }
  return null;
}

function offer(sentence: Sentence, start: number, end: number, actText: string, code: SentenceRuleCode): SentenceFinding {
  const predicate = stripPrefixes(actText);
  const act = classifyAct(predicate);
  const trigger = decideTrigger(predicate, '', sentence.cues);
  const kind = act?.kind;
  const laterTrigger = trigger.trigger === 'user_next_message' ? 'unspecified_future' : trigger.trigger;
  const required =
    !kind || kind === 'in_turn' || kind === 'phatic' ? [] : kind === 'notify' || kind === 'deliver' ? capabilitiesFor(kind, laterTrigger === 'unspecified_future' ? 'time' : laterTrigger) : capabilitiesFor(kind, laterTrigger);
  return {
    code,
    consumesSentence: true,
    commitment: {
      span: trimSpan(sentence, start, end),
      action: summarise(predicate),
      performer: kind === 'ask_person' ? 'third_party' : 'self',
      trigger_type: 'user_next_message',
      time_expression: trigger.timeExpression,
      required_capabilities: required,
      is_offer: true,
      confidence: 0.8,
    },
  };
}

/** "I'm setting that reminder now" with no call behind it promises the act; with the call it narrates it. */
export function presentTensePromiseIn(sentence: Sentence, context: SentenceContext): SentenceFinding | null {
  if (!hasAnyCue(sentence.cues, PROGRESSIVE_CUE)) return null;
  const match = PROGRESSIVE.exec(sentence.folded);
  if (!match) return null;
  const verb = match[1]!.toLowerCase().replace(/\s+/g, ' ');
  const rest = match[2] ?? '';
  let kind = PROGRESSIVE_KIND[verb] ?? 'notify';
  if (kind === 'notify' && /\b(?:memory|profile|notes?|preferences?|file|record)\b/i.test(rest)) kind = 'recall';
  if ((verb === 'creating' || verb === 'opening' || verb === 'adding') && /\b(?:ticket|case|request|complaint)\b/i.test(rest)) kind = 'delegate';
  const family = FAMILY_OF_KIND[kind];
  if (family && context.succeededFamilies.has(family)) return null;
  if (kind === 'notify' && !/\b(?:reminder|alert|alarm|notification|calendar|schedule|task|follow-?up)\b/i.test(rest)) return null;
  let trigger = decideTrigger(rest, '', sentence.cues).trigger;
  if (trigger === 'unspecified_future' && firstMatch(TIME_CUES, context.userText)) trigger = 'time';
  const start = match.index + match[0].indexOf('i');
  return {
    code: 'present_tense_promise',
    consumesSentence: true,
    commitment: {
      span: trimSpan(sentence, start, match.index + match[0].length),
      action: summarise(`${verb}${rest}`),
      performer: 'self',
      trigger_type: trigger,
      time_expression: firstMatch(TIME_CUES, rest, sentence.cues)?.text ?? null,
      required_capabilities: capabilitiesFor(kind, trigger),
      is_offer: false,
      confidence: 0.7,
    },
  };
}

/** "I've made a note to send you the list in December" promises the act it noted. */
export function noteToSelfIn(sentence: Sentence): SentenceFinding | null {
  if (!hasAnyCue(sentence.cues, NOTE_TO_SELF_CUE)) return null;
  const match = NOTE_TO_SELF.exec(sentence.folded);
  if (!match) return null;
  const predicate = stripPrefixes(match[1]!);
  const act = classifyAct(predicate);
  if (!act || act.kind === 'in_turn' || act.kind === 'phatic') return null;
  const trigger = decideTrigger(predicate, '', sentence.cues);
  return {
    code: 'note_to_self',
    consumesSentence: true,
    commitment: {
      span: trimSpan(sentence, match.index, match.index + match[0].length),
      action: summarise(predicate),
      performer: act.kind === 'ask_person' ? 'third_party' : 'self',
      trigger_type: trigger.trigger,
      time_expression: trigger.timeExpression,
      required_capabilities: trigger.trigger === 'user_next_message' ? [] : capabilitiesFor(act.kind, trigger.trigger),
      is_offer: false,
      confidence: 0.75,
    },
  };
}

/** Promises with no future marker: "Expect a call from us", "Reminder coming your way at 10:20". */
export function expectationIn(sentence: Sentence, context: SentenceContext): SentenceFinding | null {
  if (!hasAnyCue(sentence.cues, EXPECTATION_CUE)) return null;
  const expect = EXPECT.exec(sentence.folded);
  const onItsWay = expect ? null : ON_ITS_WAY.exec(sentence.folded);
  const match = expect ?? onItsWay;
  if (!match) return null;
  const noun = match[1]!.toLowerCase();
  const source = expect?.[2]?.toLowerCase() ?? '';
  const byPerson = source !== '' && source !== 'me';
  const kind: ActKind = byPerson ? 'ask_person' : /call|callback|visit/.test(noun) ? 'call' : /e-?mail/.test(noun) ? 'email' : /text/.test(noun) ? 'sms' : /letter/.test(noun) ? 'ask_person' : 'notify';
  const family = FAMILY_OF_KIND[kind];
  // With the call that set it up, "Reminder coming your way" describes what the call arranged.
  const rest = sentence.folded.slice(match.index);
  let trigger = decideTrigger(rest, '', sentence.cues).trigger;
  if (trigger === 'user_next_message') trigger = 'unspecified_future';
  return {
    code: 'expectation',
    consumesSentence: true,
    commitment: {
      span: trimSpan(sentence, match.index, Math.max(match.index + match[0].length, endOfClause(sentence.folded, match.index))),
      action: summarise(rest),
      performer: byPerson || kind === 'ask_person' ? 'third_party' : 'self',
      trigger_type: trigger,
      time_expression: firstMatch(TIME_CUES, rest, sentence.cues)?.text ?? null,
      required_capabilities: capabilitiesFor(kind, trigger),
      is_offer: false,
      confidence: family && context.succeededFamilies.has(family) ? 0.8 : 0.7,
    },
  };
}

function endOfClause(text: string, from: number): number {
  const end = /[.!?;]|\s[\u2014\u2013-]\s/.exec(text.slice(from));
  return end ? from + end.index : text.length;
}

/**
 * "Please allow me a moment to check the available shipment methods…" as the last words of the
 * turn, with no call after it: the check can only come back in a later turn, so it promises to.
 */
const MOMENT_CHECK = new RegExp(
  `\\b(?:${phrases(L.ALLOW_ME)}\\s+${phrases(L.MOMENT_AMOUNTS)}\\s+(?:short\\s+)?${phrases(L.MOMENTS)}|${phrases(L.WAIT_WHILE)})\\s+(?:${phrases(L.MOMENT_LINKS)}\\s+)?${phrases(L.MOMENT_CHECKS)}`,
  'i',
);

/** "Give me a moment to pull up our records": a check of the assistant's own announced anywhere in the reply. */
export function announcesCheckIn(sentence: Sentence): boolean {
  return (hasAnyCue(sentence.cues, DANGLING_CHECK_CUE) && MOMENT_WORD.test(sentence.folded) && MOMENT_CHECK.test(sentence.folded)) || (hasAnyCue(sentence.cues, PROGRESSIVE_CUE) && CHECK_UNDER_WAY.test(sentence.folded));
}

/** A word every MOMENT_CHECK holds (a moment, or "while"): the dangling-check cue also opens on "now", "then", "next". */
const MOMENT_WORD = new RegExp(`${phrases([...L.MOMENTS, 'while'])}`, 'i');

/** "I'm currently checking our system", "I am going to look into it right away": a check under way, in the assistant's words. */
// The check names what it looks at ("our system", "this", "whether…"): "I'm just checking in" and "just checking: …" are not checks.
const CHECK_UNDER_WAY = new RegExp(
  `\\bi(?:'m|\\s+am)\\s+(?:(?:${phrases(L.CHECK_UNDER_WAY_ADVERBS)})\\s+)*(?:${phrases(L.CHECKS_UNDER_WAY)})\\s+(?:(?:on|for|into|through|with)\\s+)?(?:${phrases(L.CHECKED_THINGS)})\\b`,
  'i',
);

/** "I will now look up the hotel's address.", "Now I need to get the list of members": the turn's announced next step (rule 19). */
const NEXT_STEP = new RegExp(
  `^\\W*(?:${phrases(L.NEXT_STEP_OPENINGS)})\\s+(?:${phrases(L.NEXT_STEP_ADVERBS)}\\s+)*(?:${phrases(L.NEXT_STEP_VERBS)})\\b[^.!?<]*[.!]?\\s*(?:<\\/\\w+>\\s*)?$`,
  'i',
);

// Remembering is kept across time, not done as a step of this turn: "Now I'll remember it" is a recall promise.
const KEPT_IN_MIND = new Set(['remember', 'memorise', 'memorize', 'note']);

/** "I'll now add her to #general.", "Next, I'll reserve the restaurant.": an act announced as what comes next (rule 19). */
const NEXT_ACT = new RegExp(
  `^\\W*(?:(?:${phrases(L.NEXT_ACT_MARKS)}),?\\s+)?(?:i'll|i will|i am going to|i'm going to|we'll|we will)\\s+(?:(?:${phrases(L.NEXT_ACT_MARKS)}|also|go ahead and|proceed to)\\s+)*(?:${phrases([...new Set([...CHANGE_VERBS.map((v) => v.lemma).filter((v) => !KEPT_IN_MIND.has(v)), ...L.NEXT_ACT_VERBS])])})\\b[^.!?<]*[.!]?\\s*(?:<\\/\\w+>\\s*)?$`,
  'i',
);
// "next" marks a next step only where the regex puts it ("Next, I'll…", "I'll next…"); elsewhere it
// names a later occasion ("I'll remember that the next time we talk", "next week"), not this turn's step.
const NEXT_ACT_MARK = new RegExp(`^\\W*next\\b|^\\W*(?:i'll|i will|i am going to|i'm going to|we'll|we will)\\s+next\\b|\\b(?:${phrases(L.NEXT_ACT_MARKS.filter((m) => m !== 'next'))})\\b`, 'i');
const NEXT_ACT_CONDITION = new RegExp(`\\b(?:${phrases(L.NEXT_ACT_CONDITIONS)})\\b`, 'i');

function nextActIn(folded: string): RegExpExecArray | null {
  const match = NEXT_ACT.exec(folded);
  if (match === null || !NEXT_ACT_MARK.test(match[0]) || NEXT_ACT_CONDITION.test(match[0])) return null;
  return match;
}

/**
 * `asksUserFirst`: whether the reply asked the user something before this sentence ("Which dates work? I'll book
 * it right away."): an announced act then waits for the answer (rule 7), it does not dangle.
 */
export function danglingCheckIn(sentence: Sentence, isLast: boolean, asksUserFirst: () => boolean = () => false): SentenceFinding | null {
  if (!isLast || !hasAnyCue(sentence.cues, DANGLING_CHECK_CUE)) return null;
  let match = MOMENT_CHECK.exec(sentence.folded);
  // Whether the user was asked first is looked at only for an announced act (the reply's other sentences are read for it).
  if (!match && (match = nextActIn(sentence.folded)) !== null && (asksUserFirst() || firstMatch(TIME_CUES, sentence.folded, sentence.cues) !== null)) match = null;
  // A next step announced as the last words, with no time of its own: nothing runs it before the user writes.
  if (!match && (match = NEXT_STEP.exec(sentence.folded)) !== null && firstMatch(TIME_CUES, sentence.folded, sentence.cues) !== null) match = null;
  if (!match) return null;
  return {
    code: 'dangling_check',
    consumesSentence: true,
    commitment: {
      span: trimSpan(sentence, match.index, sentence.text.length),
      action: summarise(sentence.folded.slice(match.index)),
      performer: 'self',
      trigger_type: 'unspecified_future',
      time_expression: null,
      required_capabilities: ['run_later', 'notify_user_later'],
      is_offer: false,
      confidence: 0.6,
    },
  };
}

/** "Consider it done!" promises what the user asked for, when nothing else in the reply says what. */
export function acceptanceIn(sentence: Sentence, context: SentenceContext): SentenceFinding | null {
  if (!context.category || !hasAnyCue(sentence.cues, ACCEPTANCE_CUE)) return null;
  const match = ACCEPTANCE.exec(sentence.folded);
  if (!match) return null;
  const kind = CATEGORY_ACT[context.category];
  const family = FAMILY_OF_KIND[kind];
  if (family && context.succeededFamilies.has(family)) return null;
  // The span and its fields come from the reply ("Will do — talk tomorrow at 8!"); the user's words
  // only say when the accepted request is due.
  const span = trimSpan(sentence, match.index, sentence.text.length);
  const ownTime = firstMatch(TIME_CUES, span, sentence.cues);
  const trigger = kind === 'recall' ? 'next_session' : kind === 'watch' ? 'external_event' : ownTime || firstMatch(TIME_CUES, context.userText) ? 'time' : 'unspecified_future';
  return {
    code: 'acceptance',
    consumesSentence: false,
    commitment: {
      span,
      action: summarise(span),
      performer: kind === 'ask_person' ? 'third_party' : 'self',
      trigger_type: trigger,
      time_expression: ownTime?.text ?? null,
      required_capabilities: capabilitiesFor(kind, trigger),
      is_offer: false,
      confidence: 0.55,
    },
  };
}

function trimSpan(sentence: Sentence, start: number, end: number): string {
  let a = Math.max(0, start);
  let b = Math.min(sentence.text.length, end);
  while (a < b && /[\s*_"',:;]/.test(sentence.text[a]!)) a++;
  while (b > a && /[\s*_"',:;?.!]/.test(sentence.text[b - 1]!)) b--;
  return sentence.text.slice(a, b);
}
