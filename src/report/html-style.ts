/**
 * The report page's style sheet. Nothing may widen the page: long strings break anywhere, and
 * every table scrolls inside its own box (with its heading row kept in view) instead of the page.
 */
import { OUTCOMES } from '../core/types.ts';
import { OUTCOME_COLOURS } from './palette.ts';

export function reportStyle(): string {
  const badges = OUTCOMES.map((o) => `.outcome-${o}{background:${OUTCOME_COLOURS[o]}}`).join('');
  // overflow-wrap is inherited: a long unbroken string anywhere (a URL or hash in a reply, a long
  // id) breaks at any character instead of widening the page; `anywhere`, unlike `break-word`,
  // also lets flex items (the response head) shrink. Table cells stay on one line in their own
  // scrolling box.
  return `*{box-sizing:border-box}
body{font-family:system-ui,'DejaVu Sans',sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#222;overflow-wrap:anywhere;line-height:1.4}
nav.toc{display:flex;flex-wrap:wrap;gap:.25em 1em;font-size:14px;margin-bottom:1em}
#headline p{font-size:16px;margin:.4em 0}
.table-wrap{overflow:auto;max-width:100%;max-height:75vh;border:1px solid #ddd;margin:.5em 0 1.5em}
table{border-collapse:separate;border-spacing:0;font-size:12px}
th,td{border-right:1px solid #ddd;border-bottom:1px solid #ddd;padding:2px 6px;text-align:right;white-space:nowrap}
thead th{position:sticky;top:0;z-index:2;background:#f3f3f3}
td:first-child,th:first-child{text-align:left;position:sticky;left:0;background:#fff;z-index:1}
thead th:first-child{z-index:3;background:#f3f3f3}
abbr[title]{text-decoration:underline dotted;cursor:help}
details.long>summary{cursor:pointer;font-weight:600;margin:.5em 0}
details.long h4{margin:1em 0 .25em}
figure{margin:1.5em 0}figure img{max-width:100%;height:auto}
#glossary dl{columns:2 26em;column-gap:2em;font-size:13px;margin:.5em 0}
#glossary dl>div{display:grid;grid-template-columns:7.5em 1fr;gap:0 .75em;break-inside:avoid;margin:0 0 .3em}
#glossary dt{font-weight:600}#glossary dd{margin:0}
.filters{display:flex;flex-wrap:wrap;gap:.5em;align-items:center;position:sticky;top:0;background:#fff;padding:.5em 0;border-bottom:1px solid #ddd;z-index:4}
.response{border:1px solid #ddd;border-radius:4px;margin:.5em 0;padding:.5em;list-style:none}
.head{display:flex;gap:.75em;align-items:baseline;flex-wrap:wrap}.rid{color:#777;font-size:11px}
.badge{padding:1px 6px;border-radius:3px;font-size:12px;color:#000;background:#ddd}
.user{color:#555;font-style:italic;white-space:pre-wrap}.reply{white-space:pre-wrap}mark{background:#ffe08a}
.why{font-size:12px;color:#444}
.calls{font-size:12px;padding-left:1.2em}.calls li{margin:.15em 0}
.calls code{white-space:pre-wrap;word-break:break-all}.calls .result{color:#1b5e20}.calls .no-result{color:#a33}
.guard{display:grid;grid-template-columns:repeat(auto-fit,minmax(18em,1fr));gap:.75em;margin:.5em 0}
.guard section{border-left:3px solid #ccc;padding-left:.5em}.guard .draft{border-color:#E69F00}.guard .sent{border-color:#0072B2}
.guard h5{margin:0;font-size:12px;color:#555;font-weight:600}.guard-note{font-size:12px;color:#444}${badges}`;
}
