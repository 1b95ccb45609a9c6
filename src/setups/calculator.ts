/**
 * Safe arithmetic for the mocked calculator: a recursive-descent parser over + - * / % ^,
 * parentheses, decimals and unary signs. The expression comes from a model, so it is parsed,
 * never evaluated as code.
 *
 * Grammar (^ is right-associative and binds tighter than unary minus, so -2^2 = -4):
 *   sum     := product (('+' | '-') product)*
 *   product := unary (('*' | '/' | '%') unary)*
 *   unary   := ('+' | '-') unary | power
 *   power   := atom ('^' unary)?
 *   atom    := number | '(' sum ')'
 */

export type ArithmeticResult = { ok: true; value: number } | { ok: false; error: string };

/** Longer input is refused rather than parsed: no real calculation needs it. */
export const MAX_EXPRESSION_LENGTH = 1000;
/** Bounds recursion so hostile nesting cannot overflow the stack. */
const MAX_DEPTH = 200;
/** Significant digits kept, so 0.1 + 0.2 reads 0.3 as a person would expect. */
const SIGNIFICANT_DIGITS = 12;

class ArithmeticError extends Error {}

export function evaluateArithmetic(expression: string): ArithmeticResult {
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    return { ok: false, error: `expression longer than ${MAX_EXPRESSION_LENGTH} characters` };
  }
  try {
    const parser = new Parser(expression);
    const value = parser.parseExpression();
    if (!Number.isFinite(value)) return { ok: false, error: 'result is not a finite number' };
    // Normalises -0 to 0 as well as trimming binary noise.
    return { ok: true, value: Number(value.toPrecision(SIGNIFICANT_DIGITS)) + 0 };
  } catch (error) {
    if (error instanceof ArithmeticError) return { ok: false, error: error.message };
    throw error;
  }
}

class Parser {
  private position = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  parseExpression(): number {
    this.skipSpaces();
    if (this.position === this.text.length) throw new ArithmeticError('empty expression');
    const value = this.sum();
    this.skipSpaces();
    if (this.position < this.text.length) throw this.unexpected();
    return value;
  }

  private sum(): number {
    let value = this.product();
    for (let op = this.peekOperator('+-'); op; op = this.peekOperator('+-')) {
      this.position++;
      const right = this.product();
      value = op === '+' ? value + right : value - right;
    }
    return value;
  }

  private product(): number {
    let value = this.unary();
    for (let op = this.peekOperator('*/%'); op; op = this.peekOperator('*/%')) {
      this.position++;
      const right = this.unary();
      if (op === '*') value *= right;
      else if (right === 0) throw new ArithmeticError(op === '/' ? 'division by zero' : 'modulo by zero');
      else value = op === '/' ? value / right : value % right;
    }
    return value;
  }

  private unary(): number {
    const sign = this.peekOperator('+-');
    if (!sign) return this.power();
    this.position++;
    const value = this.nested(() => this.unary());
    return sign === '-' ? -value : value;
  }

  private power(): number {
    const base = this.atom();
    if (!this.peekOperator('^')) return base;
    this.position++;
    return base ** this.nested(() => this.unary());
  }

  private atom(): number {
    this.skipSpaces();
    if (this.text[this.position] === '(') {
      this.position++;
      const value = this.nested(() => this.sum());
      this.skipSpaces();
      if (this.text[this.position] !== ')') throw this.unexpected("')'");
      this.position++;
      return value;
    }
    const match = /\d+(?:\.\d*)?|\.\d+/y;
    match.lastIndex = this.position;
    const found = match.exec(this.text);
    if (!found) throw this.unexpected('a number');
    this.position = match.lastIndex;
    return Number(found[0]);
  }

  private nested(parse: () => number): number {
    if (++this.depth > MAX_DEPTH) throw new ArithmeticError(`expression nested deeper than ${MAX_DEPTH} levels`);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  /** The operator at the cursor if it is one of `operators`; the cursor is left on it. */
  private peekOperator(operators: string): string | undefined {
    this.skipSpaces();
    const char = this.text[this.position];
    return char !== undefined && operators.includes(char) ? char : undefined;
  }

  private skipSpaces(): void {
    while (this.position < this.text.length && /\s/.test(this.text[this.position] ?? '')) this.position++;
  }

  private unexpected(expected?: string): ArithmeticError {
    const char = this.text[this.position];
    const found = char === undefined ? 'end of expression' : `"${char}"`;
    const wanted = expected ? `, expected ${expected}` : '';
    return new ArithmeticError(`unexpected ${found} at position ${this.position + 1}${wanted}`);
  }
}
