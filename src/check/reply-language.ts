/**
 * Whether the checker's rules can read a reply: they read English only (README, "What the rules
 * read"). A cheap heuristic, no model and no dependency, over the start of the reply:
 *
 *  1. Letters (the first 2,000 characters): when at least 12 letters are there and fewer than half of them are ASCII (a, b, …),
 *     the reply is in another script (Cyrillic, Greek, Arabic, CJK, …): not English.
 *  2. Words (the first 600 characters, about 100 words): with at least 6 words, count the common function words of English (the, to, you, I,
 *     will, …) and those of Spanish, French, German, Italian, Portuguese and Dutch that are not
 *     also English words (el, les, und, che, não, het, …). At least 3 foreign ones and more than
 *     twice as many as English ones: not English.
 *
 * Anything shorter or less clear counts as English: a reply is only kept from the rates when the
 * evidence says so. An English reply quoting a foreign phrase, a list of names, or code stays English.
 */

const SAMPLE = 2_000;
const WORD_SAMPLE = 600;
const MIN_LETTERS = 12;
const MIN_WORDS = 6;
const MIN_FOREIGN = 3;

const ENGLISH = new Set(
  'the a an and or but if of to in on at by for from with about as into than then so not no yes is are was were be been being am do does did have has had will would can could shall should may might must i you he she it we they me him her us them my your his its our their this that these those what which who when where why how all any some there here just also ll ve re let please'.split(' '),
);

const FOREIGN = new Set(
  [
    // Spanish
    'el la los las que y del en un una es por para con su sus se lo al te tu mi puedo está estoy pero como más muy también hoy mañana gracias',
    // French
    'le les et est une des du je vous nous pour pas qui dans sur avec ce cette il elle sont être avez votre vos mais ou où très aujourd demain merci',
    // German
    'der die das und ist nicht ich sie mit für ein eine einen zu den dem auf wir ihr ihnen sich auch noch wird werde kann bitte heute morgen danke',
    // Italian
    'il gli della di che è per non sono ti ho hai ci questo questa anche domani oggi grazie',
    // Portuguese
    'os um uma não você com em do da dos das ao seu sua está estou obrigado amanhã hoje',
    // Dutch
    'het een ik niet van dat op zijn wordt jij jullie maar ook morgen vandaag bedankt',
  ].join(' ').split(' '),
);

export type ReplyLanguage = 'english' | 'other_script' | 'other_language';

export function replyLanguage(reply: string): ReplyLanguage {
  const text = reply.length > SAMPLE ? reply.slice(0, SAMPLE) : reply;
  let letters = 0;
  let ascii = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) {
      ascii++;
      letters++;
    } else if (code >= 0xc0 && LETTER.test(text[i]!)) letters++;
  }
  if (letters >= MIN_LETTERS && ascii * 2 < letters) return 'other_script';
  let words = 0;
  let english = 0;
  let foreign = 0;
  for (const match of (text.length > WORD_SAMPLE ? text.slice(0, WORD_SAMPLE) : text).toLowerCase().matchAll(WORD)) {
    words++;
    if (ENGLISH.has(match[0])) english++;
    else if (FOREIGN.has(match[0])) foreign++;
  }
  if (words >= MIN_WORDS && foreign >= MIN_FOREIGN && foreign > 2 * english) return 'other_language';
  return 'english';
}

/** One letter of any script (a UTF-16 surrogate half is not one, and is not counted: rare, and only ever undercounts). */
const LETTER = /\p{L}/u;
const WORD = /\p{L}+/gu;
