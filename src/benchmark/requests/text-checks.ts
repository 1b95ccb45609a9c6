/**
 * Content checks on one request's text. Each returns reasons (empty when clean); the caller
 * attaches file, line and field. Patterns are deliberately broad: a false alarm costs a reviewer a
 * glance, a leaked address or identifier cannot be taken back.
 */

const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/;
const URL = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|org|net|io|co|uk|de|edu|gov|app|dev|ly|me|info|biz)\b/i;
/** A digit run with phone-like separators; counted afterwards so dates and times do not trip it. */
const PHONE_LIKE = /\+?\(?\d[\d\s().-]{5,}\d/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LONG_NUMBER = /\d{6,}/;
const HASH_NUMBER = /#\s?\d+/;
const PLACEHOLDERS: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /\{\{[^}]*\}\}/, what: '{{…}}' },
  { pattern: /\{[A-Za-z_][\w ]*\}/, what: '{slot}' },
  { pattern: /\[[A-Z][A-Z0-9 _]*\]/, what: '[NAME]' },
  { pattern: /<[A-Za-z_][^<>]*>/, what: '<…>' },
];
/**
 * Words that tell the model about tools or persistence. The context must not: the benchmark
 * measures whether the model infers its runtime (paper §3.2), and a context that says "calendar"
 * or "remember" hands it a hint.
 */
const PERSISTENCE_WORDS =
  /\b(?:remind\w*|remember\w*|memor(?:y|ies|ise|ize)|schedul\w*|alarms?|calendars?|notif\w*|tools?|apps?|persist\w*|chatbot|bot)\b/i;

function quote(s: string): string {
  return JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
}

/** Reasons the text carries personal data or an unfilled placeholder. */
export function findTextProblems(text: string): string[] {
  const reasons: string[] = [];
  const email = EMAIL.exec(text);
  if (email) reasons.push(`contains an email address ${quote(email[0])}`);
  const url = URL.exec(text);
  if (url) reasons.push(`contains a URL or domain ${quote(url[0])}`);
  for (const m of text.matchAll(PHONE_LIKE)) {
    const digits = m[0].replace(/\D/g, '').length;
    if (digits >= 7 && !ISO_DATE.test(m[0].trim())) {
      reasons.push(`contains a phone number ${quote(m[0].trim())}`);
      break;
    }
  }
  const id = LONG_NUMBER.exec(text) ?? HASH_NUMBER.exec(text);
  if (id && !reasons.some((r) => r.startsWith('contains a phone'))) {
    reasons.push(`contains an identifier-like number ${quote(id[0])}`);
  }
  for (const { pattern, what } of PLACEHOLDERS) {
    const m = pattern.exec(text);
    if (m) reasons.push(`contains an unfilled placeholder ${what}: ${quote(m[0])}`);
  }
  return reasons;
}

/** Reasons a context sentence gives away tools or persistence. */
export function findContextProblems(context: string): string[] {
  const m = PERSISTENCE_WORDS.exec(context);
  return m ? [`mentions tools or persistence (${quote(m[0])})`] : [];
}
