/**
 * Whether the checker's rules can read a reply: they read English only (README, "What the rules
 * read"). A cheap heuristic, no model and no dependency, over the start of the reply:
 *
 *  1. Letters (the first 2,000 characters, counted only when 7 or more are not ASCII): when at least 12 letters are there and fewer than half of them are ASCII (a, b, …),
 *     the reply is in another script (Cyrillic, Greek, Arabic, CJK, …): not English.
 *  2. Words (the first 40, within the first 320 characters): with at least 6 words, count the common function words of English (the, to, you, I,
 *     will, …) and those of Spanish, French, German, Italian, Portuguese and Dutch that are not
 *     also English words (el, les, und, che, não, het, …). At least 3 foreign ones and more than
 *     twice as many as English ones: not English.
 *
 * Anything shorter or less clear counts as English: a reply is only kept from the rates when the
 * evidence says so. An English reply quoting a foreign phrase, a list of names, or code stays English.
 */

const SAMPLE = 2_000;
const WORD_SAMPLE = 320;
const WORD_WINDOW = 40;
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

/**
 * Plain loops over character codes, no regular expression per word, stopping as soon as the answer
 * is known: this runs on every reply the rules read, and a first version (`matchAll` over 600
 * characters) cost a tenth to a quarter of a label's time.
 */
export function replyLanguage(reply: string): ReplyLanguage {
  const sample = reply.length > SAMPLE ? reply.slice(0, SAMPLE) : reply;
  if (nonAsciiAtLeast(sample, MIN_LETTERS / 2 + 1) && isOtherScript(sample)) return 'other_script';
  const text = (sample.length > WORD_SAMPLE ? sample.slice(0, WORD_SAMPLE) : sample).toLowerCase();
  let words = 0;
  let english = 0;
  let foreign = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if ((code >= 97 && code <= 122) || (code >= 0xc0 && isLetter(code))) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const word = text.slice(start, i);
    start = -1;
    words++;
    if (ENGLISH.has(word)) english++;
    else if (FOREIGN.has(word)) foreign++;
    // Decided once the foreign words could no longer outnumber the English ones enough.
    if (foreign + (WORD_WINDOW - words) <= 2 * english || words === WORD_WINDOW) break;
  }
  if (words >= MIN_WORDS && foreign >= MIN_FOREIGN && foreign > 2 * english) return 'other_language';
  return 'english';
}

/** Fewer than half of at least 12 letters are ASCII. */
function isOtherScript(sample: string): boolean {
  let letters = 0;
  let ascii = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) {
      ascii++;
      letters++;
    } else if (code >= 0xc0 && isLetter(code)) letters++;
  }
  return letters >= MIN_LETTERS && ascii * 2 < letters;
}

/**
 * Whether the text has at least `n` characters that are not ASCII: fewer cannot make half of 12
 * letters (an English reply's curly quotes and dashes), and the letter count is skipped.
 */
function nonAsciiAtLeast(text: string, n: number): boolean {
  NOT_ASCII.lastIndex = 0;
  let found = 0;
  while (found < n && NOT_ASCII.exec(text) !== null) found++;
  return found >= n;
}

const NOT_ASCII = /[^\x00-\x7f]/g;

/** Whether a UTF-16 code unit past Latin-1's symbols is a letter (a surrogate half is not: rare, and only ever undercounts). */
function isLetter(code: number): boolean {
  // Latin-1 letters without a regular expression: À–ÿ but × and ÷.
  if (code <= 0xff) return code !== 0xd7 && code !== 0xf7;
  return LETTER.test(String.fromCharCode(code));
}

const LETTER = /\p{L}/u;
