/**
 * The phrasings the clause table tests, compiled once. Word lists live in `lexicon.ts`; these
 * patterns combine them with the shapes of English clauses ("be reviewed", "hear back from").
 */
import * as L from './clause-lexicon.ts';
import { DELIVERABLES, HABITUAL, inOrder, PERSON_ACTS, phrases, phrasesByFirstWord, USER_ACTIONS_TOWARDS_OTHERS } from './lexicon.ts';

// Patterns only ever .test()ed group their phrases by first word (phrasesByFirstWord); those whose matched text is read keep phrases() or inOrder().

export const HABIT = new RegExp(`\\b${phrasesByFirstWord(HABITUAL)}\\b`, 'i');

export const HABIT_BEFORE = new RegExp(`\\b${phrasesByFirstWord(L.HABITUAL_LEADS)}\\b`, 'i');

export const PERSON_ACT = new RegExp(`^(?:${phrasesByFirstWord(PERSON_ACTS)})\\b|^be ${phrasesByFirstWord(L.PERSON_BE_ACTS)}`, 'i');

export const USER_FIRST = new RegExp(
  `(?:\\b(?:if|when|once|after|whenever)\\s+you(?:'ve)?\\s+(?:\\w+\\s+){0,3}?${phrasesByFirstWord(USER_ACTIONS_TOWARDS_OTHERS)}\\b)|(?:^|[.!:;,][*_]*\\s+)[*_]*(?:\\d+[.)]\\s*)?(?:${phrasesByFirstWord(L.USER_STEP_LEADS)}\\s+)*${phrasesByFirstWord(USER_ACTIONS_TOWARDS_OTHERS)}\\b`,
  'i',
);

export const DELIVERABLE = new RegExp(`\\b(${phrases(Object.keys(DELIVERABLES))})\\b`, 'i');

export const RECEIVE = new RegExp(`^(?:${inOrder(L.RECEIPT_ADVERBS)} )?${inOrder(L.RECEIPT_VERBS)}\\b(.{0,60})`, 'i');

export const HEAR_FROM = new RegExp(`^(?:${inOrder(L.HEAR_ADVERBS)} )?hear (?:back )?from (${inOrder(L.HEARD_FROM)})\\b`, 'i');

export const BE_DONE_TO_YOU = new RegExp(`^(?:${inOrder(L.DONE_ADVERBS)} )?be (${inOrder(L.DONE_TO_YOU)})\\b`, 'i');

export const ARRIVES = new RegExp(`^${phrasesByFirstWord(L.ARRIVALS)}`, 'i');

export const HANDLED = new RegExp(`^be ${phrasesByFirstWord(L.HANDLINGS)}`, 'i');

export const USER_SETS_UP = new RegExp(`\\b${phrasesByFirstWord(L.SUGGESTIONS)}\\b|(?:^|[.!:]\\s+)(?:\\d+[.)]\\s*|[-*\\u2022]\\s*)?[*_]*${phrasesByFirstWord(L.SET_UP_STEPS)}\\b`, 'i');

export const KEPT_ON_RECORD = new RegExp(`^${phrasesByFirstWord(L.KEEPING)} ${phrasesByFirstWord(L.KEPT_STATES)}\\b`, 'i');

export const USERS_THING = new RegExp(`\\b${phrasesByFirstWord(L.USERS_THINGS)}\\b|^${phrasesByFirstWord(L.WHOLE_SUBJECTS)}$`, 'i');

export const CASE_NOUN = new RegExp(`\\b${phrasesByFirstWord(L.CASE_NOUNS)}\\b`, 'i');

export const OPERATOR_OUTPUT = new RegExp(`\\b${phrasesByFirstWord(L.OPERATOR_OUTPUTS)}s?\\b`, 'i');

export const OPERATOR_ACT = new RegExp(`^${phrasesByFirstWord(L.OPERATOR_ACTS)}\\b`, 'i');

export const GENERIC_ROLE = /^(?:the|a|an|each|every|any|most|many|some)\s+(?:[\w-]+\s+){0,2}?[\w-]+$/i;
