/**
 * Text made safe for a terminal. Replies, record ids and server messages are untrusted: an escape
 * sequence in them would act when printed (OSC 0 retitles the window, CSI 2J clears the screen,
 * OSC 52 writes the clipboard, a bidi override reorders the line). Every control character but
 * tab and line feed, and the bidi controls, is shown as its \u escape instead: visible, inert,
 * and the same text a JSON reader would show.
 */

/** C0 but tab and line feed, DEL, C1, and the bidi embeddings, overrides and isolates. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/** The characters JSON.stringify leaves raw inside strings but a terminal acts on. */
const JSON_RAW = /[\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const JSON_RAWS = new RegExp(JSON_RAW.source, 'g');

const escaped = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** For human-readable lines (explanations, problems, transcripts): controls shown as \u001b. */
export function terminalSafe(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROLS, escaped) : text;
}

/**
 * For JSON printed to a terminal: JSON.stringify escapes C0 controls but not DEL, C1 or the bidi
 * controls; escaping them keeps the JSON valid and parsing to the same value.
 */
export function terminalSafeJson(json: string): string {
  return JSON_RAW.test(json) ? json.replace(JSON_RAWS, escaped) : json;
}
