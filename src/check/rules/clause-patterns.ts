/**
 * The phrasings the clause table tests, compiled once. Word lists live in `lexicon.ts`; these
 * patterns combine them with the shapes of English clauses ("be reviewed", "hear back from").
 */
import { DELIVERABLES, HABITUAL, PERSON_ACTS, phrases, USER_ACTIONS_TOWARDS_OTHERS } from './lexicon.ts';

export const HABIT = new RegExp(`\\b${phrases(HABITUAL)}\\b`, 'i');

export const HABIT_BEFORE = /\b(?:usually|normally|typically|generally|tends? to|as standard|as a rule)\b/i;

export const PERSON_ACT = new RegExp(`^(?:${phrases(PERSON_ACTS)})\\b|^be (?:in touch|in contact|with you|there|round|over|out|sent|assigned|allocated|calling|contacting|ringing|phoning|emailing|reaching out|following up|looking|visiting|coming|able to help you)`, 'i');

export const USER_FIRST = new RegExp(
  `(?:\\b(?:if|when|once|after|whenever)\\s+you(?:'ve)?\\s+(?:\\w+\\s+){0,3}?${phrases(USER_ACTIONS_TOWARDS_OTHERS)}\\b)|(?:^|[.!:;,][*_]*\\s+)[*_]*(?:\\d+[.)]\\s*)?(?:(?:or|and|then|alternatively|just|simply|please)\\s+)*${phrases(USER_ACTIONS_TOWARDS_OTHERS)}\\b`,
  'i',
);

export const DELIVERABLE = new RegExp(`\\b(${phrases(Object.keys(DELIVERABLES))})\\b`, 'i');

export const RECEIVE = /^(?:also |then |soon |automatically |still )?(?:get|receive|have|be getting|be receiving|see|find)\b(.{0,60})/i;

export const HEAR_FROM = /^(?:also |then |soon )?hear (?:back )?from (me|us|our|the|a|an|one|someone|somebody|them)\b/i;

export const BE_DONE_TO_YOU = /^(?:also |then |soon |automatically )?be (notified|reminded|alerted|updated|messaged|pinged|contacted|called|phoned|rung|emailed|texted|sent)\b/i;

export const ARRIVES = /^(?:be (?:sent|delivered|emailed|texted|posted|waiting|with you|in your inbox|on its way)|arrive|land|go out|come through|reach you|pop up|show up|come to you)/i;

export const HANDLED = /^be (?:reviewed|passed|forwarded|looked (?:at|into)|handled|escalated|investigated|processed|dealt with|picked up|followed up|actioned|assigned|raised|logged)/i;

export const USER_SETS_UP =
  /\b(?:i'd|i would|i) (?:recommend|suggest)\b|\byou (?:could|can|might|should|may want to)\b|\b(?:try|consider)\b|(?:^|[.!:]\s+)(?:\d+[.)]\s*|[-*\u2022]\s*)?[*_]*(?:set up|set|sign up|turn on|switch on|switch|enable|add|use|download|install|text|subscribe|register|create|follow|join|opt in|go to|head to|log in|open|visit|tap|click|choose|select)\b|\b(?:easiest|simplest)\b|\bjot\b|\bif you\b|\b(?:let|lets|allow|allows) you\b/i;

export const KEPT_ON_RECORD = /^(?:be|stay|remain) (?:on file|on record|saved|noted|remembered|kept|stored|recorded|in (?:my|your|the|our) (?:notes|records?|memory|file|system))\b/i;

export const USERS_THING = /\b(?:your|this|that|these|those|my notes?|the (?:note|details|information|info|preferences?|reminder|list))\b|^(?:it|this|that|everything)$/i;

export const CASE_NOUN = /\b(?:request|case|ticket|complaint|query|issue|enquiry|inquiry|report|application|claim|refund|callback|appointment|visit)\b/i;

export const OPERATOR_OUTPUT = /\b(?:e-?mail|confirmation|receipt|refund|tracking|instructions|label|credit|invoice|shipping|shipment|package|parcel|delivery|replacement|new (?:item|order)|order|item|money|payment|balance|statement)s?\b/i;

export const OPERATOR_ACT = /^(?:ship|send out|dispatch|deliver|process|refund|credit|charge|issue|reimburse|return|transfer|send (?:you )?(?:an? )?(?:e-?mail|confirmation|receipt|tracking|label|instructions))\b/i;

export const GENERIC_ROLE = /^(?:the|a|an|each|every|any|most|many|some)\s+(?:[\w-]+\s+){0,2}?[\w-]+$/i;
