/**
 * Cheap scans that tell whether a sentence can hold a report of a given shape before its pattern
 * runs: a completed form among the first words (a headline), or right after "and" (a pair of acts).
 * They read characters, slice a word out only when its first letter and length fit some form, and
 * never build an array: they run on every sentence that holds a completed form.
 */
import { completedForms, lengthTable, mayBeIn } from '../../setups/action-verbs.ts';

/** Two-word forms: a verb with its particle. */
export const PHRASAL_FORMS = ['set up', 'put in', 'passed on', 'handed over', 'signed up', 'switched on', 'switched off', 'kicked off'];

/** The completed forms, and the first words of the two-word ones: what a cheap test looks up. */
export const COMPLETED_WORDS: ReadonlySet<string> = new Set([...completedForms(), ...PHRASAL_FORMS.map((form) => form.split(' ')[0]!)]);

/** The longest form: a longer word is not looked up. */
const LONGEST_FORM = Math.max(...[...COMPLETED_WORDS].map((word) => word.length));

/** The end of the word (a–z in either case, and "-") starting at `i`. */
function wordEnd(text: string, i: number): number {
  while (i < text.length && isWordCode(text.charCodeAt(i) | 0x20)) i++;
  return i;
}

/** The first letters and lengths of the completed words: most words are told apart without a slice. */
const FORM_LENGTHS = lengthTable(COMPLETED_WORDS);

/** Whether `text[i, j)` is a completed form, in any case. */
function isForm(text: string, i: number, j: number): boolean {
  return j - i >= 3 && j - i <= LONGEST_FORM && mayBeIn(FORM_LENGTHS, text, i, j) && COMPLETED_WORDS.has(text.slice(i, j).toLowerCase());
}

/**
 * Whether a completed form is among the second to seventh words (a headline has it second to
 * fifth: "Refund submitted", "Sourdough loaf added"). Most sentences fail this at once; the
 * pattern runs on the rest.
 */
export function formInLead(text: string): boolean {
  let i = 0;
  for (let words = 0; words < 7 && i < text.length; words++) {
    while (i < text.length && !isLetterCode(text.charCodeAt(i) | 0x20)) i++;
    const end = wordEnd(text, i);
    if (words > 0 && isForm(text, i, end)) return true;
    i = Math.max(end, i + 1);
  }
  return false;
}

/** Whether "and" (or "&") is followed by a completed form, as in "Committed and pushed", "open and assigned". */
export function formAfterAnd(text: string): boolean {
  for (const joint of [' and ', ' & ']) {
    for (let at = text.indexOf(joint); at >= 0; at = text.indexOf(joint, at + 1)) {
      let i = at + joint.length;
      let end = wordEnd(text, i);
      const word = end - i === 4 ? text.slice(i, end).toLowerCase() : '';
      if (word === 'also' || word === 'then') end = wordEnd(text, (i = end + 1));
      if (isForm(text, i, end)) return true;
    }
  }
  return false;
}

/** a–z (after `| 0x20` folds A–Z) and "-" (0x2d | 0x20 is 0x2d). */
function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || code === 45;
}

function isLetterCode(code: number): boolean {
  return code >= 97 && code <= 122;
}

