/**
 * The report page's script: builds the filterable list of responses from the JSON block (each
 * call with its result; a guarded arm's draft beside the reply sent). Model text and tool results
 * are only ever put into the page with textContent, never parsed as markup.
 */
export const CLIENT_SCRIPT = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('responses-data').textContent);
  var PAGE = 200;
  var FIELDS = ['model', 'setup', 'variant', 'persona', 'fix', 'category', 'outcome'];
  var shown = PAGE;
  var list = document.getElementById('responses');
  var count = document.getElementById('match-count');
  var more = document.getElementById('show-more');
  var search = document.getElementById('search');
  var selects = {};

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  FIELDS.forEach(function (field) {
    var select = document.getElementById('filter-' + field);
    selects[field] = select;
    var values = {};
    data.forEach(function (r) { values[r[field]] = true; });
    Object.keys(values).sort().forEach(function (v) {
      var option = el('option', '', v);
      option.value = v;
      select.appendChild(option);
    });
    select.addEventListener('change', function () { shown = PAGE; render(); });
  });
  search.addEventListener('input', function () { shown = PAGE; render(); });
  more.addEventListener('click', function () { shown += PAGE; render(); });

  function highlighted(text, spans) {
    var out = el('p', 'reply');
    var marks = [];
    var lower = text.toLowerCase();
    spans.forEach(function (span) {
      var at = text.indexOf(span);
      if (at < 0) at = lower.indexOf(span.toLowerCase());
      if (at >= 0) marks.push([at, at + span.length]);
    });
    marks.sort(function (a, b) { return a[0] - b[0]; });
    var pos = 0;
    marks.forEach(function (m) {
      if (m[0] < pos) return;
      out.appendChild(document.createTextNode(text.slice(pos, m[0])));
      out.appendChild(el('mark', '', text.slice(m[0], m[1])));
      pos = m[1];
    });
    out.appendChild(document.createTextNode(text.slice(pos)));
    return out;
  }

  function item(r) {
    var li = el('li', 'response');
    var head = el('div', 'head');
    head.appendChild(el('span', 'badge outcome-' + r.outcome.replace(/[^a-z_]/g, ''), r.outcome));
    head.appendChild(el('span', 'condition', [r.model, r.setup, r.variant, r.persona, 'fix ' + r.fix, r.category].join(' · ')));
    head.appendChild(el('span', 'rid', r.id));
    li.appendChild(head);
    if (r.user) li.appendChild(el('p', 'user', r.user));
    var reply = highlighted(r.reply, r.spans);
    if (r.guard && r.guard.action !== 'none') {
      // A guarded arm: the model's draft beside the reply the guard let through.
      var pair = el('div', 'guard');
      var draft = el('section', 'draft');
      draft.appendChild(el('h5', '', 'draft' + (r.guard.draftOutcome ? ' (' + r.guard.draftOutcome + ')' : '')));
      draft.appendChild(el('p', 'reply draft-text', r.guard.draft));
      var sent = el('section', 'sent');
      sent.appendChild(el('h5', '', 'sent after ' + r.guard.action + ' (' + r.outcome + ')'));
      sent.appendChild(reply);
      pair.appendChild(draft);
      pair.appendChild(sent);
      li.appendChild(pair);
    } else {
      li.appendChild(reply);
    }
    if (r.guard && r.guard.reason) li.appendChild(el('p', 'guard-note', 'guard: ' + r.guard.reason));
    if (r.calls.length > 0) {
      var calls = el('ul', 'calls');
      r.calls.forEach(function (c) {
        var l = el('li');
        l.appendChild(el('code', 'call', c.name + '(' + c.arguments + ')'));
        l.appendChild(document.createTextNode(' → '));
        if (c.result === null) l.appendChild(el('span', 'no-result', 'no result'));
        else l.appendChild(el('code', 'result', c.result));
        calls.appendChild(l);
      });
      li.appendChild(calls);
    }
    if (r.why.length > 0) {
      var why = el('ul', 'why');
      r.why.forEach(function (w) { why.appendChild(el('li', '', w)); });
      li.appendChild(why);
    }
    return li;
  }

  function matches(r, query) {
    for (var i = 0; i < FIELDS.length; i++) {
      var want = selects[FIELDS[i]].value;
      if (want !== '' && r[FIELDS[i]] !== want) return false;
    }
    if (query === '') return true;
    return (r.reply + '\n' + r.user + '\n' + r.id + (r.guard ? '\n' + r.guard.draft : '')).toLowerCase().indexOf(query) >= 0;
  }

  function render() {
    var query = search.value.trim().toLowerCase();
    var hits = data.filter(function (r) { return matches(r, query); });
    list.replaceChildren();
    hits.slice(0, shown).forEach(function (r) { list.appendChild(item(r)); });
    count.textContent = hits.length + ' of ' + data.length + ' responses';
    more.hidden = hits.length <= shown;
  }
  render();
})();
`;
