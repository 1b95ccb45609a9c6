/**
 * Who a future clause is about, read from its subject: the assistant ("I"), "we", the user
 * ("you'll get…"), a person or team, "they", another system ("your phone"), the assistant's own
 * later answers ("every recipe I give you"), or a thing ("a summary").
 */
import { isSpaceCode } from './char-codes.ts';
import { PERSON_NOUNS, phrasesByFirstWord, SYSTEM_SUBJECTS } from './lexicon.ts';

export const PERSON = new RegExp(`\\b${phrasesByFirstWord(PERSON_NOUNS)}\\b`, 'i');
const SYSTEM = new RegExp(`^(?:${phrasesByFirstWord(SYSTEM_SUBJECTS)})$`, 'i');
/** "every recipe I give you", "my suggestions": what the assistant itself will produce. */
const OWN_OUTPUT = /^(?:(?:every|each|all|any|the|my)\b.*\b(?:i|we)\s+(?:suggest|give|recommend|write|make|send|share|create|offer|plan|draft|provide|pick|put together)\b|my\s+(?:\w+\s+)?(?:suggestions?|recommendations?|recipes?|plans?|answers?|replies|responses?|messages?|ideas?|lists?)\b)/i;

export type SubjectKind = 'self' | 'we' | 'you' | 'person' | 'they' | 'system' | 'thing' | 'own_output' | 'none';

/** What a future clause's subject is (ClauseFeatures reads it once per clause). */
export function subjectKind(subject: string): SubjectKind {
  const s = subject.replace(/[*_"]/g, ' ').trim().toLowerCase();
  if (s === '') return 'none';
  let from = s.length;
  while (from > 0 && !isSpaceCode(s.charCodeAt(from - 1))) from--;
  const last = s.slice(from).replace(/'(?:ve|m|d|re)$/, '');
  if (OWN_OUTPUT.test(s)) return 'own_output';
  if (last === 'i') return 'self';
  if (last === 'we') return 'we';
  if (last === 'you') return 'you';
  if (['they', 'he', 'she'].includes(last)) return 'they';
  if (SYSTEM.test(s)) return 'system';
  if (PERSON.test(s)) return 'person';
  return 'thing';
}
