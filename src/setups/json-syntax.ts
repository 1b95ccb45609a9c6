/**
 * Where a JSON text first breaks. Node 20's JSON.parse gives a position for some errors and none
 * for others ("Unexpected token"), so a small scanner finds it; error messages then name the line.
 */

export interface TextPosition {
  line: number;
  column: number;
}

/** The 1-based line and column of the first syntax error, or undefined when the text is valid JSON. */
export function jsonSyntaxErrorPosition(text: string): TextPosition | undefined {
  const offset = firstErrorOffset(text);
  return offset === undefined ? undefined : positionAt(text, offset);
}

export function positionAt(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

class SyntaxStop {
  constructor(readonly offset: number) {}
}

function firstErrorOffset(text: string): number | undefined {
  let at = 0;
  const stop = () => new SyntaxStop(at);
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at] ?? '')) at++;
  };
  const expect = (char: string) => {
    if (text[at] !== char) throw stop();
    at++;
  };
  const token = (pattern: RegExp) => {
    pattern.lastIndex = at;
    if (!pattern.test(text)) throw stop();
    at = pattern.lastIndex;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') members('}', property);
    else if (char === '[') members(']', value);
    else if (char === '"') string();
    else token(/-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y);
  };
  const property = () => {
    space();
    string();
    space();
    expect(':');
    value();
  };
  const members = (close: string, member: () => void) => {
    at++;
    space();
    if (text[at] === close) {
      at++;
      return;
    }
    for (;;) {
      member();
      space();
      if (text[at] === ',') at++;
      else return expect(close);
    }
  };
  const string = () => token(/"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y);

  try {
    value();
    space();
    return at < text.length ? at : undefined;
  } catch (error) {
    if (error instanceof SyntaxStop) return error.offset;
    if (error instanceof RangeError) return undefined; // nested too deep to scan; the caller still has JSON.parse's message
    throw error;
  }
}
