/**
 * Settings and deployment files are read as UTF-8 and nothing else: decoding other bytes with
 * U+FFFD in their place would accept a file whose words are not what its author wrote (a tool
 * description, a name). The first byte that is not UTF-8 is named by line, column and offset, as
 * `check` names a bad input line.
 */

export interface NotUtf8 {
  /** 1-based line and column (in characters decoded before it) of the first bad byte. */
  line: number;
  column: number;
  /** Its offset in bytes from the start of the file. */
  byte: number;
}

const strict = new TextDecoder('utf-8', { fatal: true });

/** The text, or where its bytes stop being UTF-8. A leading byte-order mark is dropped, as editors write one. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { bad: NotUtf8 } {
  try {
    return { text: strict.decode(bytes) };
  } catch {
    const byte = firstInvalidByte(bytes);
    const before = strict.decode(bytes.subarray(0, byte));
    const lineStart = before.lastIndexOf('\n') + 1;
    let line = 1;
    for (let i = 0; i < lineStart; i++) if (before.charCodeAt(i) === 10) line++;
    return { bad: { line, column: before.length - lineStart + 1, byte } };
  }
}

export function describeNotUtf8(bad: NotUtf8): string {
  return `not valid UTF-8 at line ${bad.line}, column ${bad.column} (byte ${bad.byte}); save the file as UTF-8`;
}

/** The offset of the first byte that does not begin or continue a well-formed UTF-8 sequence. */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    // Well-formed continuation bytes, with the first one narrowed for overlongs, surrogates and past U+10FFFF.
    const low = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
    const high = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
    if (length > 1 && (bytes[i + 1]! < low || bytes[i + 1]! > high)) return i;
    for (let k = 2; k < length; k++) if (bytes[i + k]! < 0x80 || bytes[i + k]! > 0xbf) return i;
    i += length;
  }
  return bytes.length;
}
