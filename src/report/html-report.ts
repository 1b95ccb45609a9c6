/**
 * report.html: one self-contained page (no network, works from file://) with the headline, the
 * tables, the figures inline and a filterable list of every response. Figures are embedded as
 * SVG images (an <img> never runs script), responses as an escaped JSON block the page's own
 * script renders with textContent.
 */
import { OUTCOMES } from '../core/types.ts';
import { CLIENT_SCRIPT } from './html-client.ts';
import { escapeHtml, scriptJson } from './html-escape.ts';
import { OUTCOME_COLOURS } from './palette.ts';
import type { ResponseView } from './response-view.ts';
import { toMarkdown, type Table } from './table.ts';

export interface HtmlInput {
  title: string;
  headline: string[];
  tables: Table[];
  figures: { id: string; svg: string }[];
  responses: ResponseView[];
}

const FILTERS = ['model', 'setup', 'variant', 'persona', 'fix', 'category', 'outcome'];

function style(): string {
  const badges = OUTCOMES.map((o) => `.outcome-${o}{background:${OUTCOME_COLOURS[o]}}`).join('');
  // overflow-wrap is inherited: a long unbroken string anywhere (a URL or hash in a reply, a long
  // id) breaks at any character instead of widening the page; `anywhere`, unlike `break-word`,
  // also lets flex items (the response head) shrink. Table cells stay on one line in their own
  // scrolling box.
  return `body{font-family:system-ui,'DejaVu Sans',sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#222;overflow-wrap:anywhere}
table{border-collapse:collapse;font-size:12px;margin:1em 0;display:block;overflow-x:auto}
th,td{border:1px solid #ccc;padding:2px 6px;text-align:right;white-space:nowrap}th{background:#f3f3f3}
td:first-child,th:first-child{text-align:left}figure{margin:1.5em 0}figure img{max-width:100%;height:auto}
.filters{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;position:sticky;top:0;background:#fff;padding:.5em 0;border-bottom:1px solid #ddd}
.response{border:1px solid #ddd;border-radius:4px;margin:.5em 0;padding:.5em;list-style:none}
.head{display:flex;gap:.75em;align-items:baseline;flex-wrap:wrap}.rid{color:#777;font-size:11px}
.badge{padding:1px 6px;border-radius:3px;font-size:12px;color:#000;background:#ddd}
.user{color:#555;font-style:italic;white-space:pre-wrap}.reply{white-space:pre-wrap}mark{background:#ffe08a}
.why{font-size:12px;color:#444}.calls code{font-size:12px;white-space:pre-wrap;word-break:break-all}${badges}`;
}

function htmlTable(table: Table): string {
  // The Markdown rendering already formats every cell; reuse its cells so all formats agree.
  const lines = toMarkdown(table).split('\n').filter((l) => l.startsWith('|'));
  const cells = (line: string) => line.slice(2, -2).split(' | ').map((c) => c.replaceAll('\\|', '|'));
  const [head, , ...body] = lines;
  const th = cells(head!).map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const rows = body.map((l) => `<tr>${cells(l).map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('\n');
  return `<h3 id="${escapeHtml(table.id)}">${escapeHtml(table.title)}</h3>\n<table><thead><tr>${th}</tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

export function reportHtml(input: HtmlInput): string {
  const figures = input.figures
    .map((f) => `<figure id="${escapeHtml(f.id)}"><img alt="${escapeHtml(f.id)}" src="data:image/svg+xml;base64,${Buffer.from(f.svg).toString('base64')}"></figure>`)
    .join('\n');
  const filters = FILTERS.map((f) => `<label>${f} <select id="filter-${f}"><option value="">all</option></select></label>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>${escapeHtml(input.title)}</title><style>${style()}</style></head>
<body>
<h1>${escapeHtml(input.title)}</h1>
<section id="headline">${input.headline.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}</section>
<h2>Tables</h2>
${input.tables.map(htmlTable).join('\n')}
<h2>Figures</h2>
${figures}
<h2>Responses</h2>
<div class="filters">${filters}
<input id="search" type="search" placeholder="search replies" aria-label="search replies">
<span id="match-count"></span></div>
<ol id="responses"></ol>
<button id="show-more" type="button" hidden>show more</button>
<script type="application/json" id="responses-data">${scriptJson(input.responses)}</script>
<script>${CLIENT_SCRIPT}</script>
</body></html>
`;
}
