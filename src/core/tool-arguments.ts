/**
 * Whether a tool call's `arguments` text is what the protocol promises: a JSON object, or nothing
 * (a call without arguments). A call whose arguments are anything else could not have been run as
 * asked, so it performs nothing and anchors nothing, wherever a call is judged.
 */
import { NOT_FLAT, readFlatObject } from './flat-json.ts';

export function argumentsAreObject(raw: string | undefined): boolean {
  const text = raw ?? '';
  if (text.trim() === '') return true;
  // Arguments are usually a flat object, read without building it; anything else goes to JSON.parse.
  if (readFlatObject(text) !== NOT_FLAT) return true;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}
