/** The console's style sheet (served at console/console.css). */
export const CONSOLE_STYLE = `:root{color-scheme:light;--accent:#8a4b00}
body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:1.5rem auto;padding:0 1rem;color:#1b1b1b;background:#fff}
h1{margin:.2rem 0}h2{border-bottom:2px solid #ddd;padding-bottom:.2rem;margin-top:2rem}h3{margin:.2rem 0;font-size:1.05rem}
code{font-family:ui-monospace,monospace}
.warning{border:2px solid #b00020;background:#fdecee;padding:.5rem .75rem;color:#5c0010}
.unknown{border-left:4px solid var(--accent);background:#fff8eb;padding:.4rem .8rem;margin:.8rem 0}
.unknown blockquote{margin:.3rem 0;font-style:italic}.source{color:#555;font-weight:400}
.readings li.playing{font-weight:700}.readings li.playing::after{content:" (playing)";color:var(--accent)}
.switch,.filters,.token{display:flex;flex-wrap:wrap;gap:.25rem;align-items:center;margin:.3rem 0}
button,select,input{font:inherit;padding:.15rem .5rem}
button:focus-visible,select:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:left;vertical-align:top}
td.readings{font-size:.85rem}.status-4,.status-5{color:#8b0000;font-weight:700}
tr.detail td{background:#f6f6f6}tr.detail section{margin:.3rem 0}
tr.detail pre{white-space:pre-wrap;overflow-wrap:anywhere;max-height:24rem;overflow:auto;margin:.2rem 0;padding:.3rem;background:#fff;border:1px solid #ddd}
#status.bad{color:#8b0000}.hint,.none,.note{color:#444}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
