/**
 * Every decision the clause table can make, as a typed code: the trace stores codes, `--explain`
 * renders them with `RULE_TEXT`. Frames and sentence rules name themselves the same way.
 */
export const CLAUSE_RULE_CODES = [
  'question', 'hypothetical', 'negated_forgetting', 'negation', 'capability', 'habit',
  'self_reports_after_check', 'self_on_next_message', 'self_assures_quality', 'self_assures_act', 'self_no_future_act', 'self_waits', 'self_act_at_future_time', 'self_phatic', 'self_plan_narration', 'self_act',
  'own_answers_later', 'own_answers_this_chat',
  'user_acts_first', 'operator_act', 'they_unknown',
  'conditional_policy', 'standing_process', 'generic_role', 'capability_of_other', 'person_no_act', 'company_people_act', 'person_act',
  'operator_output', 'hear_back', 'done_to_user', 'standing_service', 'service_user_sets_up', 'people_send', 'user_sees', 'other_system_notifies', 'passive_deliverable',
  'operator_thing', 'kept_for_later', 'deliverable_arrives', 'arrives_later', 'case_handled',
  'other_subject',
] as const;
export type ClauseRuleCode = (typeof CLAUSE_RULE_CODES)[number];

export const RULE_TEXT: Record<ClauseRuleCode, string> = {
  question: 'a question, not a promise',
  hypothetical: 'hypothetical',
  negated_forgetting: 'negated forgetting is a promise to remember',
  negation: 'negation or limitation statement',
  capability: 'capability statement',
  habit: 'describes how another system usually behaves',
  self_reports_after_check: 'a promise to report back on a check the reply announced and no call carried out',
  self_on_next_message: "promise in the assistant's own voice: on the user's next message",
  self_assures_quality: 'an assurance of the quality of its answers (a value statement)',
  self_assures_act: 'an assurance that names a concrete act for the user (a delivery, news, a reply)',
  self_no_future_act: "promise in the assistant's own voice: no future act",
  self_waits: 'waiting for something, with no act promised after it',
  self_act_at_future_time: "promise in the assistant's own voice: act at a future time",
  self_phatic: 'phatic closing (availability)',
  self_plan_narration: 'plan narration within the turn',
  self_act: "promise in the assistant's own voice",
  own_answers_later: 'a promise about its own later answers',
  own_answers_this_chat: 'describes its answers in this conversation',
  user_acts_first: 'what happens after the user acts elsewhere (another system)',
  operator_act: "describes what the operator's systems do after the action",
  they_unknown: '"they" refers to no person or team',
  conditional_policy: "describes the company's policy for a case that may arise, not a promise made here",
  standing_process: 'describes a standing process',
  generic_role: 'describes what a person in some role does, for no one in particular',
  capability_of_other: 'capability of another party',
  person_no_act: 'a person is mentioned, but no act for the user is promised',
  company_people_act: 'the company promises its people will act',
  person_act: 'a person or team is promised to act',
  operator_output: "describes what the operator's systems send after the action",
  hear_back: 'the user is told they will hear back',
  done_to_user: 'passive promise to the user',
  standing_service: 'describes a standing service',
  service_user_sets_up: 'what a service the user sets up will send (another system)',
  people_send: 'passive promise: people will send the user something',
  user_sees: 'describes what the user will see or have',
  other_system_notifies: 'another system will notify the user',
  passive_deliverable: 'passive promise: the user will get something',
  operator_thing: "describes what the operator's systems do after the action",
  kept_for_later: 'passive promise: it will be kept for later',
  deliverable_arrives: 'passive promise: something will reach the user',
  arrives_later: 'passive promise: something will reach the user later',
  case_handled: 'passive promise: people will handle the request',
  other_subject: 'describes something other than the assistant or a person',
};

/** Rules that read a whole sentence rather than one future clause. */
export const SENTENCE_RULE_CODES = ['question_offer', 'offer_on_reply', 'conditional_offer', 'present_tense_promise', 'note_to_self', 'expectation', 'dangling_check', 'acceptance'] as const;
export type SentenceRuleCode = (typeof SENTENCE_RULE_CODES)[number];

export const SENTENCE_RULE_TEXT: Record<SentenceRuleCode, string> = {
  question_offer: 'an offer the user can take up',
  offer_on_reply: "an offer waiting for the user's reply",
  conditional_offer: 'a conditional offer',
  present_tense_promise: 'a present-tense promise with no call behind it',
  note_to_self: 'a note to self that promises a later act',
  expectation: 'the user is told to expect something later',
  dangling_check: 'a check announced as the last words of the turn, with nothing after it',
  acceptance: 'an acceptance that promises the request',
};
