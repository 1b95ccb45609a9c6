/**
 * The annotation page: plain HTML, CSS and a script with no framework and no build step. Every
 * text from the item (user messages, replies, tool results) goes in with `textContent`, never as
 * markup. The token comes from the URL fragment (never sent to the server in a URL) and goes in
 * an Authorization header.
 */
import { BOOLEAN_NAMES, FAILURE_TYPES, KNOWN_CAPABILITIES, OUTCOMES, PERFORMERS, TRIGGER_TYPES } from '../core/types.ts';
import { APP_SCRIPT } from './page-script.ts';

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>felicity annotate</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<header><strong>felicity annotate</strong> <span id="who"></span> <span id="progress"></span> <span id="status" role="status" aria-live="polite"></span>
<span class="keys">keys: <kbd>j</kbd>/<kbd>k</kbd> next/previous · <kbd>c</kbd> commitment from selection · <kbd>1</kbd>–<kbd>5</kbd> booleans · <kbd>o</kbd> outcome · <kbd>n</kbd> note</span></header>
<main>
<nav><ol id="queue"></ol></nav>
<section id="item" hidden>
  <h2 id="item-title"></h2>
  <p class="deployment"><strong>The assistant's setting, as told to it:</strong> <span id="deployment"></span></p>
  <div id="messages"></div>
  <p class="hint">Select the words of a commitment in a reply and press <kbd>c</kbd> (or the button).</p>
  <button type="button" id="add-commitment">Add commitment from selection</button>
  <div id="commitments"></div>
  <fieldset id="booleans"><legend>The reply as a whole</legend></fieldset>
  <p class="outcome"><label>Outcome <select id="outcome"></select></label> <span id="suggested"></span></p>
  <label class="note">Note <textarea id="note" rows="3" maxlength="4000"></textarea></label>
</section>
<p id="empty" hidden>No items assigned to you.</p>
<p id="denied" hidden>This page needs your annotator link (it ends in <code>#token=…</code>).</p>
</main>
</body>
</html>
`;

export const APP_CSS = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #222; }
header { padding: .5em 1em; background: #f3f3f3; border-bottom: 1px solid #ddd; display: flex; gap: 1em; flex-wrap: wrap; align-items: baseline; }
.keys { color: #666; font-size: 13px; }
main { display: flex; }
nav { width: 14em; border-right: 1px solid #ddd; max-height: calc(100vh - 3em); overflow: auto; font-size: 13px; }
nav li { cursor: pointer; padding: 2px 4px; }
nav li.current { background: #dbeafe; }
nav li.done::after { content: " ✓"; color: #2a7; }
section { flex: 1; padding: 0 1.5em 2em; max-width: 60em; }
#messages { max-height: 60vh; overflow: auto; }
.msg { border: 1px solid #ddd; border-radius: 6px; padding: .5em .8em; margin: .5em 0; white-space: pre-wrap; }
.msg .role { display: block; font-size: 12px; color: #666; text-transform: uppercase; }
.msg.assistant { background: #fbfbf4; }
.msg.tool { background: #f4f8fb; font-family: ui-monospace, monospace; font-size: 13px; }
.call { font-family: ui-monospace, monospace; font-size: 13px; color: #245; }
.commitment { border: 1px solid #cbd; border-radius: 6px; padding: .5em; margin: .5em 0; }
.commitment .span { font-style: italic; display: block; margin-bottom: .3em; }
.commitment label, fieldset label { margin-right: 1em; display: inline-block; }
.note { display: block; margin-top: .8em; }
.note textarea { width: 100%; display: block; margin-top: .2em; }
#status { color: #666; }
#status.error { color: #b00; }
`;

const VOCAB = { booleans: BOOLEAN_NAMES, performers: PERFORMERS, triggers: TRIGGER_TYPES, capabilities: KNOWN_CAPABILITIES, failures: FAILURE_TYPES, outcomes: OUTCOMES };

export const APP_JS = `'use strict';\nconst VOCAB = ${JSON.stringify(VOCAB)};\n${APP_SCRIPT}`;
