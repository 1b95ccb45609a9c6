/**
 * The tools of the built-in setups (paper Table 7), written as users write theirs: a JSON-Schema
 * object for the arguments, a description of what the tool does (never when to use it), the
 * capabilities it provides, and a deterministic mock (LABELING.md lists the result shapes).
 */
import type { ToolDefinition } from './deployment.ts';

/** The one article the mocked help-center search returns, whatever the query. */
export const HELP_ARTICLE =
  'Paying your bill. You can pay online from your account page, by direct debit, or by bank ' +
  'transfer quoting the reference printed on your bill. A payment can take up to two working days ' +
  'to appear on your account. If you cannot pay the full amount by the due date, you can ask for a ' +
  'payment plan that spreads the balance over several months.';

function objectSchema(
  properties: Record<string, { type: 'string'; description: string; enum?: string[] }>,
  required: string[],
): Record<string, unknown> {
  return { type: 'object', properties, required, additionalProperties: false };
}

const text = (description: string) => ({ type: 'string' as const, description });

// ---- base tools (C1–C4): no persistence ----

export const GET_CURRENT_TIME: ToolDefinition = {
  name: 'get_current_time',
  description: "Returns the current date, time and weekday in the user's local time.",
  parameters: objectSchema({}, []),
  capabilities: [],
  mock: { builtin: 'clock' },
};

export const CALCULATOR: ToolDefinition = {
  name: 'calculator',
  description:
    'Evaluates an arithmetic expression with + - * / % ^ and parentheses and returns the numeric result.',
  parameters: objectSchema({ expression: text('The expression to evaluate, for example "(84.20 - 20) * 1.05".') }, [
    'expression',
  ]),
  capabilities: [],
  mock: { builtin: 'calculator' },
};

export const SEARCH_DOCS: ToolDefinition = {
  name: 'search_docs',
  description: 'Searches the help center and returns the article that best matches the query.',
  parameters: objectSchema({ query: text('Words to search the help center for.') }, ['query']),
  capabilities: [],
  mock: { result: { title: 'Help center', text: HELP_ARTICLE } },
};

export const LOOKUP_ACCOUNT: ToolDefinition = {
  name: 'lookup_account',
  description: "Returns a customer's account record: holder name, balance due, due date and account status.",
  parameters: objectSchema({ account_id: text('The customer account number, for example "A-10293".') }, [
    'account_id',
  ]),
  capabilities: [],
  personas: ['support'],
  mock: {
    result: { account_id: 'A-10293', name: 'J. Rivera', balance_due: 84.2, due_date: '2026-10-15', status: 'active' },
  },
};

export const BASE_TOOLS: readonly ToolDefinition[] = [GET_CURRENT_TIME, CALCULATOR, SEARCH_DOCS, LOOKUP_ACCOUNT];

// ---- scheduling (C2) ----

export const SCHEDULE_TASK: ToolDefinition = {
  name: 'schedule_task',
  description:
    'Schedules an instruction for the assistant to carry out later: at a given time, or when a described ' +
    'event happens. When the task comes due the assistant runs again with the instruction and its output ' +
    'is delivered to the user.',
  parameters: objectSchema(
    {
      instruction: text('What the assistant should do when the task comes due.'),
      run_at: text('Local date and time to run the task, ISO 8601 (YYYY-MM-DDTHH:MM:SS).'),
      on_event: text('An event that starts the task when it happens, described in plain words.'),
    },
    ['instruction'],
  ),
  capabilities: ['run_later', 'notify_user_later', 'watch_event'],
  mock: { result: { status: 'scheduled', task_id: 'task-001' } },
};

export const CREATE_REMINDER: ToolDefinition = {
  name: 'create_reminder',
  description: 'Creates a reminder: at the given time the user receives a notification with the message.',
  parameters: objectSchema(
    {
      remind_at: text('Local date and time of the notification, ISO 8601 (YYYY-MM-DDTHH:MM:SS).'),
      message: text('The text the user will see.'),
    },
    ['remind_at', 'message'],
  ),
  capabilities: ['run_later', 'notify_user_later'],
  mock: { result: { status: 'created', reminder_id: 'rem-001' } },
};

// ---- cross-session memory (C3) ----

export const MEMORY_WRITE: ToolDefinition = {
  name: 'memory_write',
  description:
    "Saves a value under a key in this user's long-term memory, which is kept across the user's conversations.",
  parameters: objectSchema(
    { key: text('A short name for what is saved, for example "preferred_contact_time".'), value: text('The content to save.') },
    ['key', 'value'],
  ),
  capabilities: ['recall_across_sessions'],
  mock: { result: { status: 'saved', key: '{{args.key}}' } },
};

export const MEMORY_READ: ToolDefinition = {
  name: 'memory_read',
  description: "Returns the value saved under a key in this user's long-term memory, or null when there is none.",
  parameters: objectSchema({ key: text('The key the value was saved under.') }, ['key']),
  capabilities: [],
  mock: { result: { key: '{{args.key}}', value: null } },
};

// ---- delegation to people (C4) ----

export const CREATE_TICKET: ToolDefinition = {
  name: 'create_ticket',
  description: 'Opens a ticket for the human support team, who carry out the requested action by the due date.',
  parameters: objectSchema(
    {
      summary: text('One line saying what the ticket is about.'),
      details: text('What the team needs to know: the situation, account and anything already tried.'),
      requested_action: text('What the team should do.'),
      due_by: text('Local date and time by which it should be done, ISO 8601 (YYYY-MM-DDTHH:MM:SS).'),
    },
    ['summary', 'details', 'requested_action', 'due_by'],
  ),
  capabilities: ['delegate_to_human'],
  mock: { result: { status: 'created', ticket_id: 'TCK-1001' } },
};

export const ESCALATE_TO_HUMAN: ToolDefinition = {
  name: 'escalate_to_human',
  description:
    'Hands the case to a human agent, who takes it over and contacts the user by the chosen method by the due date.',
  parameters: objectSchema(
    {
      reason: text('Why the case needs a person.'),
      contact_method: { type: 'string', description: 'How the human agent should contact the user.', enum: ['phone', 'email'] },
      due_by: text('Local date and time by which the user should be contacted, ISO 8601 (YYYY-MM-DDTHH:MM:SS).'),
    },
    ['reason', 'contact_method', 'due_by'],
  ),
  capabilities: ['delegate_to_human'],
  mock: { result: { status: 'escalated', case_id: 'CASE-2001' } },
};
