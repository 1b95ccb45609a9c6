/**
 * The one error the setups module throws for bad deployments, bad setup references and bad
 * deployment files. It carries every problem found, each at its field path, so a user can fix a
 * file in one pass and a program can read the facts without parsing the message.
 */

export interface DeploymentIssue {
  /** Field path like `tools[2].capabilities[0]`; empty for the whole value or file. */
  path: string;
  message: string;
  expected?: string;
  got?: string;
}

export class DeploymentError extends Error {
  override readonly name = 'DeploymentError';

  constructor(
    readonly issues: DeploymentIssue[],
    readonly file?: string,
  ) {
    super(issues.map((issue) => formatIssue(issue, file)).join('\n'));
  }

  static isInstance(error: unknown): error is DeploymentError {
    return error instanceof Error && error.name === 'DeploymentError' && 'issues' in error;
  }

  /**
   * Every issue on one line, the file named once: `bot.yaml: 2 mistakes: tools[0].name: …;
   * tools[1].capabilities[0]: …`. Showing them all lets a user fix the file in one pass.
   */
  oneLine(): string {
    if (this.issues.length === 1) return formatIssue(this.issues[0]!, this.file);
    return `${this.file ?? 'deployment'}: ${this.issues.length} mistakes: ${this.issues.map(issueText).join('; ')}`;
  }
}

/** `my-setup.yaml: tools[2].capabilities[0]: unknown capability "emial" (expected one of …)`. */
export function formatIssue(issue: DeploymentIssue, file?: string): string {
  return `${file ?? 'deployment'}: ${issueText(issue)}`;
}

/** `tools[2].capabilities[0]: unknown capability "emial" (expected one of …)`, without the file. */
function issueText(issue: DeploymentIssue): string {
  const expected = issue.expected === undefined ? '' : ` (expected ${issue.expected})`;
  return `${issue.path === '' ? '' : `${issue.path}: `}${issue.message}${expected}`;
}

/** `['tools', 2, 'name']` → `tools[2].name`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/** A short, bounded description of a value for error messages. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  return String(value);
}
