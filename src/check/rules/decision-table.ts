/**
 * The clause decision table: one ordered list of rows, the first row whose condition holds decides
 * the clause. A row either reads a commitment from it or excludes it, under a typed code the trace
 * stores. Each row carries examples it must read and examples it must ignore; one generic test runs
 * them all. Setup-blind, except where the deployment says what its own tools and systems do.
 */
import type { Commitment, Performer } from '../../core/types.ts';
import type { ActKind } from './acts.ts';
import { clauseCommitment } from './clause-commitment.ts';
import { ClauseFeatures } from './clause-features.ts';
import {
  ARRIVES, BE_DONE_TO_YOU, CASE_NOUN, DELIVERABLE, GENERIC_ROLE, HANDLED, HEAR_FROM, KEPT_ON_RECORD, OPERATOR_OUTPUT, PERSON_ACT, USER_SETS_UP, USERS_THING,
} from './clause-patterns.ts';
import type { FutureClause } from './clauses.ts';
import { DELIVERABLES } from './lexicon.ts';
import type { ReplyContext } from './reply-context.ts';
import type { ClauseRuleCode } from './rule-codes.ts';
import { PERSON } from './subjects.ts';
import { hasFixedTime } from './frames/sentence-frames.ts';
import { isSpaceCode } from './char-codes.ts';
import { firstMatch, STRONG_TIME_CUES, strongFutureCue } from './triggers.ts';
import { assuresAnAct, assuresQuality, gatedOnFindings, gatedOnOwnWork, opensWithAssurance, reportsBack } from './own-work.ts';
import { capabilitiesFor } from './acts.ts';

/** An example reply, with the context it needs when the row depends on it. */
export type RowExample = string | { reply: string; persona?: 'support'; user?: string; operatorSystems?: boolean };

export interface DecisionRow {
  code: ClauseRuleCode;
  when(f: ClauseFeatures): boolean;
  /** Reads the commitment; a row without it excludes the clause. */
  read?(f: ClauseFeatures): ReadCommitment;
  /** More words for `--explain` (the act the row recognised). */
  note?(f: ClauseFeatures): string;
  reads: readonly RowExample[];
  ignores: readonly RowExample[];
}

/** A commitment a row read, with the kind of act it was read as (the detector's reply gate needs it). */
export interface ReadCommitment {
  commitment: Commitment;
  kind: ActKind;
}

export interface ClauseDecision {
  code: ClauseRuleCode;
  commitment: Commitment | null;
  /** The act kind the commitment was read as; absent when the row excludes the clause. */
  kind?: ActKind;
  note?: string;
}

const make = (f: ClauseFeatures, performer: Performer, kind: ActKind, confidence: number, predicate = f.predicate): ReadCommitment => ({
  commitment: clauseCommitment(f, { performer, kind, confidence, predicate }),
  kind,
});

/** The assistant itself: "I'll…", or a "we" that is the assistant and not its company's people. */
const selfSpeaks = (f: ClauseFeatures) => f.subject === 'self' || (f.subject === 'we' && f.actor === 'self' && !f.userFirst && !f.operatorAct);
const people = (f: ClauseFeatures) => f.actor === 'people';
const user = (f: ClauseFeatures) => f.actor === 'user';
const receipt = (f: ClauseFeatures) => f.receipt;
const receivedThing = (f: ClauseFeatures) => f.receivedThing;
const WAIT_AND_SEE = /^(?:(?:just|simply|all|both|probably|likely)\s+)*(?:(?:have|need|got)\s+to\s+|must\s+)?(?:(?:just|simply)\s+)?wait\s+and\s+see\b/i;
const bareRaw = (f: ClauseFeatures) => f.rawPredicate.replace(/^(?:also|then|soon|automatically|still)\s+/i, '');

export const DECISION_TABLE: readonly DecisionRow[] = [
  {
    code: 'question',
    when: (f) => f.question && f.subject !== 'self',
    reads: ['Will the engineer be there by noon?'],
    ignores: ["Shall I? I'll remind you tomorrow at 9."],
  },
  {
    code: 'hypothetical',
    when: (f) => f.hypothetical,
    reads: ["If I could set alarms, I'd remind you, and I'll be honest that I wish I could."],
    ignores: ["I'll remind you tomorrow."],
  },
  {
    code: 'negated_forgetting',
    when: (f) => f.negated && f.subject === 'self' && f.forgetting && !f.forgettingExperience,
    read: (f) => make(f, 'self', 'recall', 0.7, f.rawPredicate.replace(/^(?:not|never)\s+/i, '')),
    reads: ["Don't worry, I won't forget your birthday next time.", "I'll never forget what you told me about your allergy.", "I won't forget that your daughter is vegan."],
    ignores: ["I won't be able to remind you.", "I'll never forget that summer.", 'I will never forget the look on her face when the train left.', "I'll never forget how it felt to come home."],
  },
  {
    code: 'negation',
    when: (f) => f.negated,
    reads: ["I won't be able to remind you later.", 'That will not be possible.'],
    ignores: ["I'll remind you at 8."],
  },
  {
    code: 'capability',
    when: (f) => f.capability && f.subject !== 'they',
    reads: ["I'll be able to help with the wording now."],
    ignores: ["I'll call you back tomorrow."],
  },
  {
    code: 'habit',
    when: (f) => f.habitual,
    reads: ['Our engineers will usually text you the day before.'],
    ignores: ['Our engineer will text you the day before.'],
  },
  {
    // "Give me a moment to pull up our records … I will send you an update", "Once I have retrieved
    // the data, I will provide you with the details": with no call after the check, the news can
    // only come in a later turn. A promise gated on the user's answer
    // ("once I have your order number, I'll…", "share it and I'll…") still waits for it (rule 7).
    code: 'self_reports_after_check',
    // The cheap tests first: most promises report nothing back, and most replies announce no check.
    when: (f) => {
      if (!selfSpeaks(f) || !reportsBack(f.rawPredicate)) return false;
      if (gatedOnOwnWork(f.clause.lead, f.clause.cues) || gatedOnOwnWork(f.predicate, f.clause.cues)) return true;
      if (!f.context.announcedCheck) return false;
      return f.wordsTrigger.trigger !== 'user_next_message' || (f.context.gate.firstAsk === Infinity && gatedOnFindings(f.clause.lead));
    },
    read: (f) => {
      const read = make(f, 'self', 'notify', 0.75);
      // Read as the user's answer only because of "once I have the information": it is the check's findings.
      if (read.commitment.trigger_type === 'user_next_message' && f.wordsTrigger.cue === 'user message') {
        read.commitment.trigger_type = 'unspecified_future';
        read.commitment.required_capabilities = capabilitiesFor('notify', 'unspecified_future');
      }
      return read;
    },
    reads: [
      { reply: 'Give me a moment to pull up our records. Could you confirm the email on the account? I will send you an update.', persona: 'support' },
      "Please allow me a few minutes to look into this. In the meantime, thanks for your patience, and I'll get back to you with what I find.",
      'Bear with me while I check the stock levels for you. I will provide you with the results as soon as possible.',
      'Once I have looked into the billing history, I will provide you with the relevant details.',
      "I'm currently checking our system for the latest tracking details. Once I have the information, I will share it with you.",
      { reply: 'I need a moment to access our order system. Please bear with me, and I will make sure the details are sent over to you promptly.', persona: 'support' },
    ],
    ignores: [
      { reply: 'Give me a moment to pull up our records. Once I have your order number, I will send you an update.', persona: 'support' },
      'Allow me a moment to retrieve the details. In the meantime, please share the invoice number and I will let you know what I find.',
      "I'll get back to you with the figures once you've sent the spreadsheet.",
      "I'm checking our system now. Could you confirm the order number? Once I have the information, I will share it with you.",
      'Here is the summary you asked for. I will send you an update if anything in the plan needs to change.',
    ],
  },
  {
    code: 'self_on_next_message',
    when: (f) => selfSpeaks(f) && (!f.act || f.act.kind === 'in_turn') && f.wordsTrigger.trigger === 'user_next_message',
    read: (f) => make(f, 'self', 'in_turn', 0.7),
    reads: ["Once you send the file, I'll review it.", 'Please let us know your address, and we will provide you with the options.'],
    ignores: ["I'll review it tomorrow morning."],
  },
  {
    // "I'll make sure you receive accurate information": the quality of the answers, a value statement (rule 2).
    code: 'self_assures_quality',
    when: (f) => selfSpeaks(f) && opensWithAssurance(f.rawPredicate) && assuresQuality(f.rawPredicate),
    reads: ['I will make sure that you receive the most relevant answers to your questions.', 'We will ensure you get accurate and up-to-date information.'],
    ignores: ["I'll make sure you receive the refund details by Friday.", "I'll make sure everything is sent over to you promptly."],
  },
  {
    // "I'll make sure the details are sent to you promptly": made sure of, the act is still promised.
    code: 'self_assures_act',
    when: (f) => selfSpeaks(f) && opensWithAssurance(f.rawPredicate) && assuresAnAct(f.rawPredicate) && f.wordsTrigger.trigger !== 'user_next_message',
    read: (f) => make(f, 'self', 'notify', 0.75),
    reads: [
      { reply: "I'll make sure everything is sent over to you promptly.", persona: 'support' },
      "I will ensure that you receive the refund details as soon as they're ready.",
      "We'll make certain you're kept informed of any progress.",
      "I'll see to it that the confirmation gets forwarded to your inbox.",
    ],
    ignores: [
      "I'll ensure your experience with us is a pleasant one.",
      'We will make sure you get the best possible service.',
      'I will make sure the code handles empty lists.',
      "Once you confirm, I'll make sure you receive the details.",
    ],
  },
  {
    code: 'self_no_future_act',
    when: (f) => selfSpeaks(f) && !f.act && !f.strongCue && !f.leadCue,
    reads: ["I'll think about the wording."],
    ignores: ["I'll remind you tomorrow."],
  },
  {
    // "We'll need to wait until it's delivered before we can process an exchange": a wait is no act;
    // nor is "we'll have to wait and see how it plays out", whatever verb follows the wait.
    code: 'self_waits',
    when: (f) => selfSpeaks(f) && ((!f.act && /^wait\b/i.test(f.predicate)) || (f.rawPredicate.includes('wait') && WAIT_AND_SEE.test(f.rawPredicate))),
    reads: [
      { reply: "We'll need to wait until it's delivered before we can process an exchange.", persona: 'support' },
      "I'll have to wait until Monday for the results.",
      'It looks close. We will have to wait and see how the game actually plays out.',
      "I guess we'll just have to wait and see what happens on Saturday.",
    ],
    ignores: ["I'll wait until the price drops and let you know.", "I'll have the numbers for you on Friday."],
  },
  {
    code: 'self_act_at_future_time',
    when: (f) => selfSpeaks(f) && !f.act,
    read: (f) => make(f, 'self', 'deliver', 0.6),
    reads: ["I'll have the numbers for you on Friday."],
    ignores: ["I'll remind you on Friday."],
  },
  {
    code: 'self_phatic',
    when: (f) => selfSpeaks(f) && f.act?.kind === 'phatic',
    reads: ["I'll be here whenever you need me."],
    ignores: ["I'll be in touch tomorrow."],
  },
  {
    code: 'self_plan_narration',
    when: (f) => selfSpeaks(f) && f.act?.kind === 'in_turn' && (!f.strongCue || f.act.id === 'plan of this reply' || f.act.id === 'ask the user'),
    reads: ["I'll break this down into three steps.", "If something comes up, I'll be sure to ask for your assistance."],
    ignores: ["I'll check the forecast on Saturday morning and let you know."],
  },
  {
    code: 'self_act',
    when: selfSpeaks,
    read: (f) => make(f, f.act!.kind === 'ask_person' ? 'third_party' : 'self', f.act!.kind, f.act!.kind === 'in_turn' ? 0.6 : 0.9),
    note: (f) => f.act!.id,
    reads: ["I'll remind you tomorrow at 9.", "I'll keep an eye on the price and let you know.", "I'll get an engineer to call you."],
    ignores: ["You'll get a reminder at 9."],
  },
  {
    code: 'own_answers_later',
    when: (f) => {
      if (f.subject !== 'own_output') return false;
      const decided = f.wordsTrigger;
      return decided.trigger === 'next_session' || decided.trigger === 'time' || (decided.cue === 'from now on' && f.clause.userAsksForLater);
    },
    read: (f) => make(f, 'self', 'recall', 0.7, f.clause.predicate),
    reads: ['Next time, every recipe I give you will be vegetarian.'],
    ignores: ['Every recipe I give you here will be vegetarian.'],
  },
  {
    code: 'own_answers_this_chat',
    when: (f) => f.subject === 'own_output',
    reads: ['Every recipe I give you here will be vegetarian.'],
    ignores: ['Next time, every recipe I give you will be vegetarian.'],
  },
  {
    code: 'user_acts_first',
    when: (f) => f.userFirst,
    reads: ['When you sign up, points will be added automatically.'],
    ignores: ['Someone from the surgery will call you.'],
  },
  {
    code: 'operator_act',
    when: (f) => f.subject === 'we' && f.operatorAct,
    reads: [{ reply: "We'll ship out your new laptop once the old one arrives.", operatorSystems: true }],
    ignores: [{ reply: "We'll ship out your new laptop once the old one arrives.", operatorSystems: false }],
  },
  {
    code: 'they_unknown',
    when: (f) => f.subject === 'they' && !PERSON.test(f.context.reply.slice(0, f.clause.spanStart)),
    reads: ['Prices rise in spring, and they will keep rising.'],
    ignores: ['Our team has your details, and they will call you tomorrow.'],
  },
  {
    code: 'conditional_policy',
    when: (f) => people(f) && /\b(?:if|when|whenever|should|in case|once)\s+you\b|\bin the event (?:of|that)\b|\bin case of\b/i.test(f.clause.lead) && !hasFixedTime(f.clause.predicate, f.clause.cues),
    reads: [{ reply: 'If you notice unauthorised charges on your account, we will investigate and provide a refund.', persona: 'support' }, 'In the event of damage in transit, our team will replace the item.'],
    ignores: [{ reply: 'If you need it sooner, someone will call you back tomorrow at 9.', persona: 'support' }],
  },
  {
    code: 'generic_role',
    when: (f) => people(f) && f.context.persona !== 'support' && f.subject === 'person' && GENERIC_ROLE.test(f.clause.subject.trim()) && !/\b(?:you|your|yours)\b/i.test(f.clause.predicate),
    reads: ['During a cleaning, the dentist will assess the gums for signs of disease.'],
    ignores: ['The dentist will call you tomorrow.'],
  },
  {
    code: 'standing_process',
    when: (f) => people(f) && /^(?:always|automatically|routinely|as standard)\b/i.test(f.rawPredicate),
    reads: [{ reply: "We'll always write to you 49 days before your tariff ends.", persona: 'support' }],
    ignores: [{ reply: "We'll write to you tomorrow about your tariff.", persona: 'support' }],
  },
  {
    code: 'capability_of_other',
    when: (f) => people(f) && /^be able to\b/i.test(f.rawPredicate),
    reads: ['Our support team has your details, and they will be able to locate the invoice.'],
    ignores: ['Our support team has your details, and they will call you tomorrow.'],
  },
  {
    code: 'person_no_act',
    when: (f) => people(f) && !PERSON_ACT.test(f.predicate),
    reads: ['Our team will love this idea.'],
    ignores: ['Our team will call you back.'],
  },
  {
    code: 'company_people_act',
    when: (f) => people(f) && f.subject === 'we',
    read: (f) => make(f, 'third_party', 'ask_person', 0.85),
    reads: [{ reply: "We'll call you back tomorrow to sort out the bill.", persona: 'support' }],
    ignores: ["We'll call you back tomorrow to sort out the bill."],
  },
  {
    code: 'person_act',
    when: people,
    read: (f) => make(f, 'third_party', 'ask_person', 0.85),
    reads: ['Someone from our billing team will call you back tomorrow.', 'An engineer will visit you on Monday.'],
    ignores: ["I'll call you back tomorrow."],
  },
  {
    code: 'operator_output',
    when: (f) => user(f) && f.context.operatorSystems && /^(?:also |then |soon |shortly |automatically )?(?:get|receive|be (?:sent|emailed|refunded|credited|charged|issued)|see (?:the|a|your) (?:refund|credit|charge))\b/i.test(f.rawPredicate) && OPERATOR_OUTPUT.test(f.rawPredicate),
    reads: [{ reply: "Your return is recorded. You'll receive an email with instructions on how to send it back.", operatorSystems: true }],
    ignores: [{ reply: "You'll receive an email with instructions on how to send it back.", operatorSystems: false }],
  },
  {
    code: 'hear_back',
    when: (f) => user(f) && HEAR_FROM.test(f.rawPredicate),
    read: (f) => {
      const fromSelf = HEAR_FROM.exec(f.rawPredicate)![1]!.toLowerCase() === 'me';
      return make(f, fromSelf ? 'self' : 'third_party', fromSelf ? 'notify' : 'ask_person', 0.8, f.rawPredicate);
    },
    reads: ["You'll hear from our billing team by Friday."],
    ignores: ["You'll hear the alarm at 7."],
  },
  {
    code: 'done_to_user',
    when: (f) => user(f) && BE_DONE_TO_YOU.test(f.rawPredicate),
    read: (f) => {
      const verb = BE_DONE_TO_YOU.exec(f.rawPredicate)![1]!.toLowerCase();
      const byPerson = /contacted|called|phoned|rung/.test(verb) || PERSON.test(f.rawPredicate);
      const kind: ActKind = byPerson ? 'ask_person' : verb === 'emailed' ? 'email' : verb === 'texted' ? 'sms' : 'notify';
      return make(f, byPerson ? 'third_party' : 'self', kind, 0.75, f.rawPredicate);
    },
    reads: ["You'll be reminded at 9 tomorrow.", "You'll be contacted by an advisor today."],
    ignores: ["You'll be fine."],
  },
  {
    code: 'standing_service',
    when: (f) => user(f) && receipt(f) !== null && /\b(?:usual|usually|automatic(?:ally)?|standard|routine)\b/i.test(f.rawPredicate),
    reads: ["You'll get the usual monthly statement."],
    ignores: ["You'll get a summary tonight."],
  },
  {
    code: 'service_user_sets_up',
    when: (f) => user(f) && receipt(f) !== null && (USER_SETS_UP.test(f.clause.lead) || USER_SETS_UP.test(previousSentence(f.context.reply, f.clause.sentence.start))),
    reads: ["Set up alerts in your banking app. You'll get a notification when the payment leaves."],
    ignores: ["You'll get a notification when the payment leaves."],
  },
  {
    code: 'people_send',
    when: (f) => user(f) && receipt(f) !== null && !receivedThing(f) && /\bfrom (?:them|us|our\b|the (?:\w+ )?team\b|someone)/i.test(f.rawPredicate) && strongFutureCue(f.rawPredicate, f.clause.cues) !== null,
    read: (f) => make(f, 'third_party', 'ask_person', 0.7, f.rawPredicate),
    reads: ["You'll get your first one from our team next week."],
    ignores: ["You'll get a reminder from me tomorrow."],
  },
  {
    code: 'user_sees',
    when: (f) => user(f) && receipt(f) !== null && (!receivedThing(f) || /^(?:see|find)\b/i.test(bareRaw(f))),
    reads: ["You'll see it under Payments.", "You'll have more time tomorrow."],
    ignores: ["You'll get a reminder at 9."],
  },
  {
    code: 'other_system_notifies',
    when: (f) => user(f) && receipt(f) !== null && /\bfrom (?:the|your|their) (?:app|bank|phone|calendar|website|site|map|provider|network|operator|airline|school|council|gp|surgery)\b|\bon your (?:phone|calendar|device)\b/i.test(f.rawPredicate),
    reads: ["You'll get a notification from the app before the flight."],
    ignores: ["You'll get a notification from me before the flight."],
  },
  {
    code: 'passive_deliverable',
    when: (f) => user(f) && receipt(f) !== null,
    read: (f) => {
      const object = receivedThing(f)!;
      const byPerson = /\bfrom (?:our|the|a|an|one of)\b/i.test(f.rawPredicate) && PERSON.test(f.rawPredicate);
      const deliverable = DELIVERABLES[object[1]!.toLowerCase().replace(/\s+/g, ' ')] ?? 'notify';
      const kind: ActKind = byPerson ? 'ask_person' : deliverable === 'call' ? 'call' : deliverable;
      return make(f, byPerson ? 'third_party' : 'self', kind, 0.75, f.rawPredicate);
    },
    note: (f) => `the user will get a ${receivedThing(f)![1]}`,
    reads: ["You'll get a reminder at 9 tomorrow.", "You'll receive a summary tonight."],
    ignores: ["You'll see it under Payments."],
  },
  {
    code: 'operator_thing',
    when: (f) => f.actor === 'thing' && f.context.operatorSystems && OPERATOR_OUTPUT.test(f.clause.subject) && (HANDLED.test(f.rawPredicate) || ARRIVES.test(f.rawPredicate) || /^be (?:processed|refunded|credited|issued|charged|shipped|returned|reflected|applied|reversed)\b/i.test(f.rawPredicate)),
    reads: [{ reply: 'The refund will be processed to your PayPal account within 5-7 business days.', operatorSystems: true }],
    ignores: [{ reply: 'Your request will be reviewed by our team.', operatorSystems: true }],
  },
  {
    code: 'kept_for_later',
    when: (f) =>
      KEPT_ON_RECORD.test(f.rawPredicate) && ((f.subject === 'system' && /^(?:it|this|that)$/i.test(f.clause.subject.trim())) || (f.subject === 'thing' && USERS_THING.test(f.clause.subject))),
    read: (f) => make(f, 'self', 'recall', 0.7, f.rawPredicate),
    reads: ["It'll be on file for next time.", 'Your preferences will be saved for next time.'],
    ignores: ['The scraped data will be saved to a file.'],
  },
  {
    code: 'deliverable_arrives',
    when: (f) => f.subject === 'thing' && DELIVERABLE.test(f.clause.subject) && ARRIVES.test(f.rawPredicate),
    read: (f) => {
      const object = DELIVERABLE.exec(f.clause.subject)![1]!;
      const deliverable = DELIVERABLES[object.toLowerCase()] ?? 'deliver';
      const kind: ActKind = deliverable === 'call' ? 'ask_person' : deliverable;
      return make(f, kind === 'ask_person' ? 'third_party' : 'self', kind, 0.7, f.rawPredicate);
    },
    note: (f) => `a ${DELIVERABLE.exec(f.clause.subject)![1]} will reach the user`,
    reads: ['A summary will be sent to you tomorrow.'],
    ignores: ['The parcel will be heavy.'],
  },
  {
    code: 'arrives_later',
    when: (f) => f.subject === 'thing' && ARRIVES.test(f.rawPredicate) && firstMatch(STRONG_TIME_CUES, f.rawPredicate, f.clause.cues) !== null,
    read: (f) => make(f, 'self', 'deliver', 0.65, f.rawPredicate),
    reads: ['Ten questions will land here at 7:30 tonight.'],
    ignores: ['Ten questions will land here.'],
  },
  {
    code: 'case_handled',
    when: (f) => f.subject === 'thing' && CASE_NOUN.test(f.clause.subject) && HANDLED.test(f.rawPredicate),
    read: (f) => make(f, 'third_party', 'ask_person', 0.75, f.rawPredicate),
    reads: ['Your complaint will be reviewed by a specialist.'],
    ignores: ['Your complaint will be long.'],
  },
  {
    code: 'other_subject',
    when: () => true,
    reads: ['The weather will be warm tomorrow.'],
    ignores: ["I'll remind you tomorrow."],
  },
];

/** The first row whose condition holds decides the clause. */
export function decideClause(clause: FutureClause, context: ReplyContext): ClauseDecision {
  const f = new ClauseFeatures(clause, context);
  for (const row of DECISION_TABLE) {
    if (!row.when(f)) continue;
    const note = row.note?.(f);
    const read = row.read?.(f);
    const decision: ClauseDecision = { code: row.code, commitment: read ? read.commitment : null };
    if (read) decision.kind = read.kind;
    if (note !== undefined) decision.note = note;
    return decision;
  }
  throw new Error('the decision table ends with a row that always decides');
}

/**
 * The sentence before `start` in the same paragraph: the words after the paragraph's last stop
 * mark (. ! ?) that white space follows, read back from the end instead of splitting the paragraph.
 */
export function previousSentence(reply: string, start: number): string {
  const before = reply.slice(Math.max(0, start - 300), start).trimEnd();
  const paragraph = before.slice(before.lastIndexOf('\n') + 1);
  for (let i = paragraph.length - 1; i > 0; i--) {
    if (!isSpaceCode(paragraph.charCodeAt(i)) || !isStopMark(paragraph.charCodeAt(i - 1))) continue;
    let words = i;
    while (isSpaceCode(paragraph.charCodeAt(words))) words++;
    return paragraph.slice(words);
  }
  return paragraph.trim() === '' ? '' : paragraph;
}

function isStopMark(code: number): boolean {
  return code === 46 || code === 33 || code === 63; // . ! ?
}
