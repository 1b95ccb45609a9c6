import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { KnownCapability } from '../core/types.ts';
import { BUILTIN_SETUPS } from './builtin.ts';
import { inferCapabilities, nameTokens } from './infer-capabilities.ts';
import { loadDeploymentFileSync } from './load-deployment.ts';

const AGENT_DEV = fileURLToPath(new URL('../../../shared/examples/agent-dev/deployment.yaml', import.meta.url));

const guess = (name: string, description = '') => inferCapabilities({ name, description }).capabilities;

describe('inferCapabilities: tags from a tool name and description', () => {
  test("the built-in setups' tools get exactly their own tags", () => {
    for (const setup of Object.values(BUILTIN_SETUPS)) {
      for (const tool of setup.tools) assert.deepEqual(guess(tool.name, tool.description), tool.capabilities, tool.name);
    }
  });

  test(
    'the agent-dev deployment (τ²-bench retail, tagged by hand) gets exactly its tags',
    { skip: existsSync(AGENT_DEV) ? false : '../shared/examples/agent-dev is absent (it is not part of a clone)' },
    () => {
      const deployment = loadDeploymentFileSync(AGENT_DEV);
      assert.ok(deployment.tools.length >= 10);
      for (const tool of deployment.tools) assert.deepEqual(guess(tool.name, tool.description), tool.capabilities, tool.name);
    },
  );

  // τ-bench airline and retail tools, with their descriptions (shortened where long).
  const domainTools: [string, string, KnownCapability[]][] = [
    ['book_reservation', 'Book a reservation.', []],
    ['cancel_reservation', 'Cancel the whole reservation.', []],
    ['update_reservation_baggages', 'Update the baggage information of a reservation.', []],
    ['update_reservation_flights', 'Update the flight information of a reservation.', []],
    ['get_reservation_details', 'Get the details of a reservation.', []],
    ['search_direct_flight', 'Search direct flights between two cities on a specific date.', []],
    ['send_certificate', 'Send a certificate to a user. Be careful!', []],
    ['calculate', 'Calculate the result of a mathematical expression.', []],
    ['think', 'Use the tool to think about something. It will not obtain new information or change the database.', []],
    [
      'transfer_to_human_agents',
      "Transfer the user to a human agent, with a summary of the user's issue. Only transfer if the user explicitly asks for a human agent.",
      ['delegate_to_human'],
    ],
    [
      'cancel_pending_order',
      "Cancel a pending order. The order status will be changed to 'cancelled' and the payment will be refunded within 5-7 business days.",
      [],
    ],
    [
      'return_delivered_order_items',
      "Return some items of a delivered order. The order status will be changed to 'return requested'. The user will receive follow-up email for how and where to return the item.",
      [],
    ],
    ['exchange_delivered_order_items', 'Exchange items in a delivered order to new items of the same product type.', []],
    ['find_user_id_by_email', 'Find user id by email. If the user is not found, the function will return an error message.', []],
    ['modify_user_address', 'Modify the default address of a user.', []],
    ['send_email', 'Sends an email to the given address.', ['send_email']],
    ['create_calendar_event', "Creates an event on the user's calendar.", []],
  ];
  for (const [name, description, expected] of domainTools) {
    test(`τ-bench style: ${name} → [${expected.join(', ')}]`, () => assert.deepEqual(guess(name, description), expected));
  }

  const cues: [string, string, KnownCapability[]][] = [
    ['set_timer', 'Starts a countdown timer.', ['run_later', 'notify_user_later']],
    ['remind_user', 'Reminds the user at the given time.', ['run_later', 'notify_user_later']],
    ['add_calendar_entry', 'Creates a reminder on the given day.', ['run_later', 'notify_user_later']],
    ['create_price_alert', 'Notifies the user when the price of a product drops.', ['notify_user_later', 'watch_event']],
    ['monitor_website', 'Notifies the user when the page changes.', ['notify_user_later', 'watch_event']],
    ['send_reminder_email', 'Sends the customer an email about an unpaid bill.', ['send_email']],
    ['phone_customer', 'Rings the customer on the number on file.', ['phone_call']],
    ['create_support_ticket', 'Files a request with IT.', ['delegate_to_human']],
    ['request_callback_from_agent', 'Asks for a call back.', ['delegate_to_human']],
    ['add_memory', 'Adds a note about the user.', ['recall_across_sessions']],
    ['save_user_preference', 'Stores a preference for this user.', ['recall_across_sessions']],
    ['remember_fact', 'Keeps a fact about the user.', ['recall_across_sessions']],
    ['put_note', "Stores a note in the user's long-term memory.", ['recall_across_sessions']],
    ['request_callback', 'Asks the billing team to ring the customer back.', ['delegate_to_human']],
    ['open_case', 'Opens a case that a support engineer picks up within one working day.', ['delegate_to_human']],
    ['hand_off_conversation', 'Hands the chat over.', ['delegate_to_human']],
    ['send_sms', 'Sends a text message.', ['send_sms']],
    ['notify_customer', 'Sends an SMS to the phone number on file.', ['send_sms']],
    ['make_phone_call', 'Calls a number.', ['phone_call']],
    ['share_document', 'Shares a document with the user.', ['send_file']],
    ['schedule_email', 'Sends an email at a later time.', ['run_later', 'send_email']],
    ['sendEmailWithAttachment', 'Sends an email with files attached.', ['send_email', 'send_file']],
  ];
  for (const [name, description, expected] of cues) {
    test(`a specific cue: ${name} → [${expected.join(', ')}]`, () => assert.deepEqual(guess(name, description), expected));
  }

  // Words that look like cues but do not give the ability the tag stands for.
  const lookalikes: [string, string][] = [
    ['schedule_meeting', 'Books a meeting with the given people.'],
    ['schedule_appointment', 'Books an appointment at the clinic.'],
    ['cancel_reminder', 'Cancels a reminder.'],
    ['delete_memory', "Deletes an entry from the user's memory."],
    ['list_reminders', "Lists the user's reminders."],
    ['get_ticket_status', 'Returns the status of a support ticket.'],
    ['search_memory', "Searches the user's long-term memory."],
    ['draft_email', 'Writes an email for the user to send.'],
    ['update_email_address', "Changes the user's email address."],
    ['update_phone_number', "Changes the user's phone number."],
    ['call_api', 'Calls an HTTP API.'],
    ['transfer_funds', 'Transfers money between two accounts.'],
    ['send_alert', 'Shows an alert banner now.'],
    ['upload_file', 'Uploads a file to storage.'],
    ['web_search', 'Returns search results.'],
    ['text_to_speech', 'Converts text to audio.'],
    ['arm_alarm_system', 'Arms the home alarm.'],
    ['monitor_cpu_usage', 'Returns the CPU usage of the host.'],
    ['allocate_memory', 'Reserves RAM for a job.'],
    ['book_ticket', 'Buys a concert ticket.'],
    ['register_callback', 'Registers a webhook URL.'],
    ['email_validation', 'Tells whether an address is well formed.'],
    ['sms_opt_out', 'Opts the user out of marketing texts.'],
    ['update_phone', "Changes the user's phone number."],
    ['get_call_history', 'Lists past calls.'],
  ];
  for (const [name, description] of lookalikes) {
    test(`no tag for a look-alike: ${name}`, () => assert.deepEqual(guess(name, description), []));
  }

  test('a tool the schema marks read-only gets no tag, whatever its name', () => {
    const result = inferCapabilities({ name: 'memory_write', description: 'Saves a value.', readOnly: true });
    assert.deepEqual(result.capabilities, []);
    assert.match(result.reasons[0]!, /read-only/);
  });

  test('every tag comes with the reason it was given', () => {
    const result = inferCapabilities({ name: 'create_reminder', description: 'Creates a reminder.' });
    assert.deepEqual(result.reasons, ['run_later + notify_user_later: "reminder" in the name']);
    assert.match(inferCapabilities({ name: 'book_reservation', description: 'Book a reservation.' }).reasons[0]!, /no tag/);
    assert.match(inferCapabilities({ name: 'schedule_meeting', description: '' }).reasons[0]!, /"schedule meeting" books something now/);
  });

  test('name words from snake, kebab and camel case', () => {
    assert.deepEqual(nameTokens('sendEmail'), ['send', 'email']);
    assert.deepEqual(nameTokens('send-email_now'), ['send', 'email', 'now']);
    assert.deepEqual(nameTokens('getHTTPStatus2'), ['get', 'httpstatus2']);
  });
});
