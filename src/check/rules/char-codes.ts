/** Character classes as the rules' patterns read them, for the hand-written scans that stand in for them. */

/** JavaScript's `\s`: ASCII and Unicode white space, line terminators and the BOM. */
export function isSpaceCode(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 160) return false;
  return code === 160 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** `[a-z]` with the `i` flag (without `u`, no character outside ASCII folds to a–z). */
export function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** `\d`. */
export function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
