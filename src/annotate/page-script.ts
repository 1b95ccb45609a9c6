/** The annotation page's script (see page.ts): plain browser JavaScript, DOM only, text via textContent. */
export const APP_SCRIPT = String.raw`
const token = new URLSearchParams(location.hash.slice(1)).get('token') || '';
const $ = (id) => document.getElementById(id);
let queue = [];
let current = -1;
let state = null; // { id, annotation }
let saveTimer = null;
let saving = Promise.resolve();

function el(tag, props, children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === 'text') node.textContent = v;
    else if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children || []) node.append(c);
  return node;
}

async function api(path, options) {
  const response = await fetch(path, { ...options, headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

function status(text, error) {
  $('status').textContent = text;
  $('status').className = error ? 'error' : '';
}

async function start() {
  if (!token) { $('denied').hidden = false; return; }
  let me;
  try { me = await api('/api/me'); } catch (e) { $('denied').hidden = false; status(e.message, true); return; }
  $('who').textContent = me.annotator;
  queue = me.items;
  renderQueue();
  if (queue.length === 0) { $('empty').hidden = false; return; }
  const wanted = Number(sessionStorage.getItem('felicity-item:' + me.annotator) || '0');
  await openItem(Math.min(Math.max(wanted, 0), queue.length - 1));
}

function renderQueue() {
  const list = $('queue');
  // Numbered as "Item N of M" numbers them; the set's own key (gaps where another annotator's items are) is the tooltip.
  list.replaceChildren(...queue.map((q, i) => el('li', { text: '#' + (i + 1), title: 'item ' + q.key, class: (q.done ? 'done' : '') + (i === current ? ' current' : ''), onclick: () => openItem(i) })));
  $('progress').textContent = queue.filter((q) => q.done).length + ' of ' + queue.length + ' saved';
}

async function openItem(index) {
  await saving;
  current = index;
  sessionStorage.setItem('felicity-item:' + $('who').textContent, String(index));
  const id = queue[index].key;
  const data = await api('/api/items/' + id);
  state = { id, annotation: data.annotation || { commitments: [], booleans: Object.fromEntries(VOCAB.booleans.map((b) => [b, false])), outcome: null, note: '' } };
  $('item').hidden = false;
  $('item-title').textContent = 'Item ' + (index + 1) + ' of ' + queue.length;
  $('deployment').textContent = data.view.deployment;
  $('messages').replaceChildren(...data.view.messages.map(message));
  renderAll(data.suggested);
  status(data.savedAt ? 'saved ' + new Date(data.savedAt).toLocaleTimeString() : 'not saved yet');
  renderQueue();
}

function message(m) {
  const node = el('div', { class: 'msg ' + m.role }, [el('span', { class: 'role', text: m.role === 'tool' ? 'tool result' : m.role })]);
  if (m.text) node.append(document.createTextNode(m.text));
  for (const call of m.calls || []) node.append(el('div', { class: 'call', text: '→ call ' + call.name + '(' + call.arguments + ')' }));
  return node;
}

function renderAll(suggested) {
  renderCommitments();
  renderBooleans();
  renderOutcome(suggested);
  $('note').value = state.annotation.note;
}

function select(options, value, onchange, label) {
  const s = el('select', { 'aria-label': label, onchange: (e) => onchange(e.target.value) }, options.map(([v, t]) => el('option', { value: v, text: t })));
  s.value = value;
  return s;
}

function check(text, checked, onchange) {
  const box = el('input', { type: 'checkbox', onchange: (e) => onchange(e.target.checked) });
  box.checked = checked;
  return el('label', {}, [box, document.createTextNode(' ' + text)]);
}

function renderCommitments() {
  const list = state.annotation.commitments;
  $('commitments').replaceChildren(...list.map((c, i) => {
    const caps = el('div', {}, [el('span', { text: 'needs: ' }), ...VOCAB.capabilities.map((cap) => check(cap, c.required_capabilities.includes(cap), (on) => {
      c.required_capabilities = on ? [...c.required_capabilities, cap] : c.required_capabilities.filter((x) => x !== cap);
      changed();
    }))]);
    const failures = el('div', {}, [el('span', { text: 'failure types: ' }), ...VOCAB.failures.map((f) => check(f, c.failure_types.includes(f), (on) => {
      c.failure_types = on ? [...c.failure_types, f] : c.failure_types.filter((x) => x !== f);
      changed();
    }))]);
    return el('div', { class: 'commitment' }, [
      el('span', { class: 'span', text: '“' + c.span + '”' }),
      el('label', {}, [document.createTextNode('performer '), select(VOCAB.performers.map((p) => [p, p]), c.performer, (v) => { c.performer = v; changed(); }, 'performer')]),
      el('label', {}, [document.createTextNode('trigger '), select(VOCAB.triggers.map((t) => [t, t]), c.trigger_type, (v) => { c.trigger_type = v; changed(); }, 'trigger')]),
      check('offer', c.is_offer, (on) => { c.is_offer = on; changed(); }),
      check('feasible here', c.feasible, (on) => { c.feasible = on; changed(); }),
      el('label', {}, [document.createTextNode('enabling call '), select([['none', 'not needed'], ['yes', 'made'], ['no', 'needed, not made']], c.anchored === null ? 'none' : c.anchored ? 'yes' : 'no', (v) => { c.anchored = v === 'none' ? null : v === 'yes'; changed(); }, 'anchored')]),
      caps,
      failures,
      el('button', { type: 'button', text: 'remove', onclick: () => { list.splice(i, 1); renderCommitments(); changed(); } }),
    ]);
  }));
}

function renderBooleans() {
  const box = $('booleans');
  box.replaceChildren(el('legend', { text: 'The reply as a whole' }), ...VOCAB.booleans.map((b, i) => check((i + 1) + ' ' + b.replaceAll('_', ' '), state.annotation.booleans[b], (on) => { state.annotation.booleans[b] = on; changed(); })));
}

function renderOutcome(suggested) {
  const s = $('outcome');
  s.replaceChildren(el('option', { value: '', text: 'as suggested' }), ...VOCAB.outcomes.map((o) => el('option', { value: o, text: o })));
  s.value = state.annotation.outcome || '';
  $('suggested').textContent = suggested ? 'suggested from your fields: ' + suggested : '';
}

function addFromSelection() {
  const selection = window.getSelection();
  const text = selection ? selection.toString().trim() : '';
  if (!state || !text) { status('select the words of the commitment in a reply first', true); return; }
  state.annotation.commitments.push({ span: text.slice(0, 2000), performer: 'self', trigger_type: 'unspecified_future', required_capabilities: [], is_offer: false, feasible: false, failure_types: [], anchored: null });
  selection.removeAllRanges();
  renderCommitments();
  changed();
}

function changed(delay) {
  clearTimeout(saveTimer);
  status('saving…');
  saveTimer = setTimeout(save, delay || 0);
}

function save() {
  const snapshot = JSON.stringify(state.annotation);
  const id = state.id;
  saving = saving.then(async () => {
    try {
      const r = await api('/api/items/' + id + '/annotation', { method: 'PUT', body: snapshot });
      const q = queue.find((x) => x.key === id);
      if (q) q.done = true;
      if (state.id === id) $('suggested').textContent = 'suggested from your fields: ' + r.suggested;
      status('saved ' + new Date(r.savedAt).toLocaleTimeString());
      renderQueue();
    } catch (e) {
      status('not saved: ' + e.message, true);
    }
  });
}

document.addEventListener('DOMContentLoaded', () => {
  $('add-commitment').addEventListener('click', addFromSelection);
  $('outcome').addEventListener('change', (e) => { state.annotation.outcome = e.target.value || null; changed(); });
  $('note').addEventListener('input', (e) => { state.annotation.note = e.target.value; changed(400); });
  document.addEventListener('keydown', (e) => {
    if (!state || e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') { if (e.key === 'Escape') e.target.blur(); return; }
    if (e.key === 'j' && current < queue.length - 1) openItem(current + 1);
    else if (e.key === 'k' && current > 0) openItem(current - 1);
    else if (e.key === 'c') addFromSelection();
    else if (e.key === 'o') $('outcome').focus();
    else if (e.key === 'n') { e.preventDefault(); $('note').focus(); }
    else if (/^[1-5]$/.test(e.key)) {
      const b = VOCAB.booleans[Number(e.key) - 1];
      state.annotation.booleans[b] = !state.annotation.booleans[b];
      renderBooleans();
      changed();
    } else return;
    e.preventDefault();
  });
  start();
});
`;
