/**
 * The rules detector: every future-directed commitment in the assistant's own words, with the
 * rule that found it, and every future-sounding clause it set aside, with the rule that excluded
 * it. The trace stores rule codes; `--explain` renders them. Setup-blind, except for what the
 * deployment says its own tools and systems do; deterministic, no model.
 */
import type { CapabilityFamily } from '../../core/affordances.ts';
import { isAgentInitiated } from '../../core/outcome.ts';
import type { Category, Commitment } from '../../core/types.ts';
import type { ToolAction } from '../../setups/tool-performs.ts';
import { ANSWER_HANDLED, ANSWER_NAMES, JOINT_PROPOSALS, SESSION_CONTINUATIONS, SESSION_NEEDS, USES_THE_ANSWER } from './ask-lexicon.ts';
import type { ActKind } from './acts.ts';
import { futureClauses, type FutureClause } from './clauses.ts';
import { cueMask, hasAnyCue } from './cues.ts';
import { phrasesByFirstWord } from './lexicon.ts';
import { rememberedTest } from './remembered-test.ts';
import { gatedOnOwnWork, isCourtesy } from './own-work.ts';
import { decideClause } from './decision-table.ts';
import { EMPTY_CONVERSATION, type Conversation, type FrameCode } from './frames/index.ts';
import type { ReplyContext } from './reply-context.ts';
import { replyGate, type ReplyGate } from './reply-gate.ts';
import { RULE_TEXT, SENTENCE_RULE_TEXT, type ClauseRuleCode, type SentenceRuleCode } from './rule-codes.ts';
import { acceptanceIn, announcesCheckIn, danglingCheckIn, expectationIn, noteToSelfIn, offerIn, presentTensePromiseIn, SENTENCE_RULE_CUES, type SentenceContext } from './sentence-rules.ts';
import { fold, ownVoice, type Sentence, type SetAside } from './text-regions.ts';
import { firstMatch, SESSION_CUES, STRONG_TIME_CUES } from './triggers.ts';
import * as T from './trigger-lexicon.ts';

const FUTURE_CUE = cueMask('future');

export const RULES_DETECTOR_VERSION = 'rules@2';

const USER_ASKS_FOR_LATER = rememberedTest(/\b(?:next time|in future|in the future|future (?:chats?|conversations?)|from now on|going forward|whenever i (?:ask|come back|get in touch|contact)|every time i|remember)\b/i);

/**
 * The user's message says more input is coming in this chat: "wait for my questions", "I'll send it
 * in parts", or a short "I will paste an article" that holds no text after a colon ("I will give you
 * my name: Leo" gives it now).
 */
const USER_ANNOUNCES = rememberedTest(new RegExp(`\\b${phrasesByFirstWord(T.USER_WILL)}\\s+(?:${phrasesByFirstWord(T.USER_WILL_ADVERBS)}\\s+)?${phrasesByFirstWord(T.USER_WILL_SEND)}\\b`, 'i'));
const MORE_COMING = rememberedTest(new RegExp(`\\b${phrasesByFirstWord(T.MORE_COMING)}\\b`, 'i'));
/** An announcement is a short message: a long one holds the text itself. */
const MAX_ANNOUNCEMENT_CHARS = 300;
const userSendsMore = (userText: string) =>
  MORE_COMING(userText) || (userText.length <= MAX_ANNOUNCEMENT_CHARS && !/:\s*\S/.test(userText) && USER_ANNOUNCES(userText));

export interface DetectorInput {
  /** The assistant's final text. */
  reply: string;
  userText: string;
  /** The system prompt and earlier turns, for frames that read the whole conversation. */
  conversation?: Conversation;
  persona?: string | undefined;
  category?: Category | undefined;
  succeededFamilies: ReadonlySet<CapabilityFamily>;
  /** What the deployment's tools perform ("we" doing one of these is the assistant itself). */
  ownActs?: readonly ToolAction[];
  /** The deployment's tools finish domain actions inside the turn (see ReplyContext.operatorSystems). */
  operatorSystems?: boolean;
}

/** What decided a span: a clause row, a sentence rule, or a frame that set the sentence aside. */
export type TraceCode = ClauseRuleCode | SentenceRuleCode | `frame:${FrameCode}`;

export interface DetectorTrace {
  verdict: 'commitment' | 'excluded';
  /** Set by the rules detector; other detectors (a model) leave it out and say why in `rule`. */
  code?: TraceCode;
  /** The rule in words, with any detail (the act recognised). */
  rule: string;
  text: string;
}

export interface Detection {
  commitments: Commitment[];
  trace: DetectorTrace[];
  setAside: SetAside[];
  /** The assistant's own sentences, for the response judge. */
  sentences: Sentence[];
  /** Own sentences a sentence frame marks: they promise nothing and report nothing. */
  framed: ReadonlyMap<Sentence, FrameCode>;
  /** Sentences that are offers ("Want me to…?"): questions that ask for no information. */
  offers: ReadonlySet<Sentence>;
}

export function detectCommitments(input: DetectorInput): Detection {
  const context = input.conversation ?? EMPTY_CONVERSATION;
  const conversation: Conversation = { systemPrompt: context.systemPrompt, userText: input.userText, earlierUser: context.earlierUser, earlierAssistant: context.earlierAssistant };
  const { folded, sentences, setAside, framed } = ownVoice(input.reply, conversation);
  const replyContext = new DetectorReplyContext(input, folded, sentences);
  const sentenceContext: SentenceContext = { userText: input.userText, category: input.category, succeededFamilies: input.succeededFamilies };
  const commitments: Commitment[] = [];
  const trace: DetectorTrace[] = [];
  const acceptances: DetectorTrace[] = [];
  let acceptance: Commitment | null = null;
  const offers = new Set<Sentence>();

  // Read once per reply, the first time a sentence speaks of the future.
  let asksForLater: boolean | undefined;
  let sendsMore = false;
  // The turn's last words, before any closing courtesy ("I appreciate your patience!"): what dangles there dangles at the end.
  const last = lastBeforeCourtesies(sentences);
  let previous: Sentence | undefined;
  for (const sentence of sentences) {
    const first = sentence.text.charCodeAt(0);
    const carried = previous && first >= 97 && first <= 122 ? previous : undefined; // starts lower-case a–z
    previous = sentence;
    const frame = framed.get(sentence);
    if (frame) {
      if (futureClauses(sentence).length > 0) trace.push({ verdict: 'excluded', code: `frame:${frame}`, rule: `frame: ${FRAME_REASONS[frame]}`, text: sentence.text });
      continue;
    }
    if (sentence === last) {
      const dangling = danglingCheckIn(sentence, true, () => sentences.some((s) => s !== sentence && s.text.trimEnd().endsWith('?')));
      if (dangling) {
        commitments.push(dangling.commitment);
        trace.push(sentenceTrace(dangling.code, dangling.commitment));
        continue;
      }
    }
    if (hasAnyCue(sentence.cues, SENTENCE_RULE_CUES)) {
      const offer = offerIn(sentence);
      if (offer) offers.add(sentence);
      const whole = offer ?? noteToSelfIn(sentence) ?? presentTensePromiseIn(sentence, sentenceContext) ?? expectationIn(sentence, sentenceContext);
      if (whole) {
        commitments.push(whole.commitment);
        trace.push(sentenceTrace(whole.code, whole.commitment));
        continue;
      }
      const accepted = acceptanceIn(sentence, sentenceContext);
      if (accepted && !acceptance) {
        acceptance = accepted.commitment;
        acceptances.push(sentenceTrace(accepted.code, accepted.commitment));
      }
    }
    if (asksForLater === undefined && hasAnyCue(sentence.cues, FUTURE_CUE)) {
      const userText = fold(input.userText);
      asksForLater = USER_ASKS_FOR_LATER(userText);
      sendsMore = userSendsMore(userText);
    }
    const future = hasAnyCue(sentence.cues, FUTURE_CUE);
    for (const clause of futureClauses(sentence, carried, asksForLater === true && future, sendsMore && future)) {
      const decision = decideClause(clause, replyContext);
      const rule = decision.note ? `${RULE_TEXT[decision.code]}: ${decision.note}` : RULE_TEXT[decision.code];
      const made = decision.commitment;
      if (!made) {
        trace.push({ verdict: 'excluded', code: decision.code, rule, text: sentence.text.slice(clause.spanStart - sentence.start, clause.spanEnd - sentence.start) });
        continue;
      }
      if (!KEEPS_OWN_TRIGGER.has(decision.code) && waitsForReply(made, decision.kind, clause, replyContext)) {
        made.trigger_type = 'user_next_message';
        made.required_capabilities = [];
        // The joint "we" of a guided session is the assistant, not the company's people.
        if (made.performer === 'third_party' && jointWe(clause, replyContext)) made.performer = 'self';
        trace.push({ verdict: 'commitment', code: decision.code, rule: `${rule}; waits for the answer the reply asks for`, text: made.span });
      } else trace.push({ verdict: 'commitment', code: decision.code, rule, text: made.span });
      if (!overlapsExisting(commitments, made)) commitments.push(made);
    }
  }
  // A bare "Consider it done!" stands for the request only when nothing else says what was promised.
  if (acceptance && !commitments.some(isAgentInitiated)) {
    commitments.push(acceptance);
    trace.push(...acceptances);
  }
  return { commitments, trace, setAside, sentences, offers, framed };
}

/**
 * The reply's context for the clause table. A class, not an object literal with a getter: Node 20
 * builds such a literal in dictionary mode, slow to build and to read, and this is built per reply.
 */
class DetectorReplyContext implements ReplyContext {
  readonly persona: string | undefined;
  readonly operatorSystems: boolean;
  readonly ownActs: ReplyContext['ownActs'];
  #gate: ReplyGate | undefined;
  #announcedCheck: boolean | undefined;

  constructor(
    input: DetectorInput,
    readonly reply: string,
    private readonly sentences: Sentence[],
  ) {
    this.persona = input.persona;
    this.operatorSystems = input.operatorSystems ?? false;
    this.ownActs = input.ownActs ?? [];
  }

  /** Only a reply with a promise in it needs to know what it asks for. */
  get gate(): ReplyGate {
    return (this.#gate ??= replyGate(this.sentences));
  }

  /** Read only for a promise to report back. */
  get announcedCheck(): boolean {
    return (this.#announcedCheck ??= this.sentences.some(announcesCheckIn));
  }
}

function lastBeforeCourtesies(sentences: readonly Sentence[]): Sentence | undefined {
  let i = sentences.length - 1;
  while (i > 0 && isCourtesy(sentences[i]!.folded)) i--;
  return sentences[i];
}

/** Rows whose trigger already weighed what the reply asks for: the answer does not hold them back. */
const KEEPS_OWN_TRIGGER: ReadonlySet<TraceCode> = new Set<TraceCode>(['self_reports_after_check']);

function sentenceTrace(code: SentenceRuleCode, c: Commitment): DetectorTrace {
  return { verdict: 'commitment', code, rule: SENTENCE_RULE_TEXT[code], text: c.span };
}

const FRAME_REASONS: Record<FrameCode, string> = {
  code: 'code', blockquote: 'a quotation', quotation: 'a quotation', reported_speech: "someone else's words, retold", draft: 'a draft for the user', letter: 'a letter',
  fiction: 'the story asked for', requested_text: 'text the user asked for, to send or publish',
  document: 'a document the user asked for (a chapter, guide, outline…)',
  rework: "the user's own text, translated or rewritten", role_play: 'a reply in character',
  dialogue: 'a script or chat log', code_explanation: 'what code or a system will do',
  process_description: "what the company's process does after the user acts", plan_narration: 'the plan of this reply',
  generic_assurance: 'a generic assurance',
  code_walkthrough: "a walkthrough of code in the writer's \"we\"",
};

/**
 * A plan that waits for the answer the reply asks for: everything the assistant itself would do
 * next, when the reply asks to confirm; anything after a request for details, unless it names a
 * time of its own. The assistant's own acts that are later by nature (reminding, watching,
 * remembering, e-mailing) never wait.
 */
function waitsForReply(commitment: Commitment, kind: ActKind | undefined, clause: FutureClause, context: ReplyContext): boolean {
  // "We'll use your Visa ending in 8676 to cover the difference. Reply yes to confirm": this order, not a later session.
  if (kind === 'recall' && commitment.trigger_type === 'next_session' && context.gate.asksToConfirm && !firstMatch(SESSION_CUES, `${clause.lead} ${clause.predicate}`, clause.cues)) return true;
  // "Could you provide the phone number? I'll use that to look up your account": the answer, used in the next exchange.
  if (kind === 'recall' && commitment.trigger_type === 'next_session' && clause.spanStart >= context.gate.firstAsk && USES_ANSWER.test(fold(commitment.span)) && !firstMatch(SESSION_CUES, commitment.span, clause.cues)) return true;
  if (commitment.trigger_type !== 'unspecified_future' && commitment.trigger_type !== 'external_event') return false;
  if (firstMatch(STRONG_TIME_CUES, commitment.span, clause.cues)) return false;
  // "Once I've checked, I'll let you know": it waits for the assistant's own check, not for the answer.
  if (commitment.trigger_type === 'external_event' && (gatedOnOwnWork(clause.lead, clause.cues) || gatedOnOwnWork(clause.predicate, clause.cues))) return false;
  // "If not, we'll continue troubleshooting": the session goes on with the user's next message (rule 24).
  if (commitment.performer === 'self' && SESSION_CONTINUATION.test(commitment.span)) return true;
  // "I'll need to check your SIM status. Could you check your status bar?": the need of the next step, asked for now.
  if (context.gate.firstAsk !== Infinity && SESSION_NEED.test(fold(commitment.span))) return true;
  // "Let's try the following steps: … we'll check your network settings. Could you check your SIM?": the joint "we".
  if (jointWe(clause, context)) return true;
  // "Could you provide your email? Once I've verified you, I'll pull up the order and let you know…":
  // the promise itself names the answer it waits for, so even a later-by-nature act waits (one
  // with its own event, "…let you know the minute it is restored", keeps it).
  if (commitment.trigger_type === 'unspecified_future' && clause.spanStart >= context.gate.firstAsk && ONCE_ANSWERED.test(clause.lead)) return true;
  // "Here's what we'll do: … Reply yes to confirm." In a deployment whose tools carry out the
  // domain's acts, the company's plan is the assistant's own, and it waits for the confirmation.
  if (context.operatorSystems && context.gate.asksToConfirm && clause.spanStart < context.gate.firstAsk && /^we$/i.test(clause.subject.trim())) return true;
  if (commitment.performer === 'self') {
    if (kind !== 'deliver' && kind !== 'in_turn' && kind !== 'delegate') return false;
    return context.gate.asksToConfirm || clause.spanStart >= context.gate.firstAsk;
  }
  // People asked to act on details the reply asks for act, if at all, once the user has replied.
  return clause.spanStart >= context.gate.firstAsk;
}

const SESSION_NEED = new RegExp(`^\\W*(?:${phrasesByFirstWord(SESSION_NEEDS)})\\b`, 'i');
const JOINT_PROPOSAL = new RegExp(`\\b(?:${phrasesByFirstWord(JOINT_PROPOSALS)})\\b`, 'i');

/** A "we" promise in a reply that proposes joint steps and asks the user for something: the assistant and the user, next message (rule 24). */
function jointWe(clause: FutureClause, context: ReplyContext): boolean {
  // "If Data Saver is on, we'll turn it off and re-test": conditioned on what the user reports back, it waits as an ask does.
  return (context.gate.firstAsk !== Infinity || /\bif\b/i.test(clause.lead)) && /^we$/i.test(clause.subject.trim()) && JOINT_PROPOSAL.test(context.reply);
}

const SESSION_CONTINUATION = new RegExp(`\\b(?:${phrasesByFirstWord(SESSION_CONTINUATIONS)})\\b`, 'i');
const USES_ANSWER = new RegExp(`\\b(?:i|we)(?:'ll|\\s+will)\\s+(?:${phrasesByFirstWord(USES_THE_ANSWER)})\\b`, 'i');

/** The words before a promise that tie it to the answer asked for: "once I've verified you", "with this information". */
const ONCE_ANSWERED = new RegExp(
  `\\b(?:once|when|after|as soon as)\\s+(?:i|we)(?:'ve|\\s+have)?\\s+(?:${phrasesByFirstWord(ANSWER_HANDLED)})\\b|\\bwith (?:this|that|these|those|the|your) (?:${phrasesByFirstWord(ANSWER_NAMES)})\\b`,
  'i',
);

function overlapsExisting(existing: readonly Commitment[], candidate: Commitment): boolean {
  return existing.some((c) => c.span.includes(candidate.span) || candidate.span.includes(c.span));
}
