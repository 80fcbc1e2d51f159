/** The inline style of report.html: no fonts, images or imports, so the page needs no network. */
export const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --text: #1a1a1a; --link: #0b57d0; --pass: #1a7f37; --fail: #c62828; --muted: #595959; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #121212; --text: #e8e8e8; --link: #8ab4f8; --pass: #57d77a; --fail: #ff8a80; --muted: #b0b0b0; }
}
html { background: var(--bg); color: var(--text); }
a { color: var(--link); }
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 72rem; padding: 1rem 1.5rem 3rem; }
h1 { margin-bottom: 0.25rem; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; }
th, td { border: 1px solid color-mix(in srgb, currentColor 25%, transparent); padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
code, pre { font-family: ui-monospace, monospace; font-size: 0.9em; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
.verdict { font-weight: 700; white-space: nowrap; }
.pass { color: var(--pass); } .fail { color: var(--fail); } .skipped, .muted { color: var(--muted); }
.unknown { border-top: 1px solid color-mix(in srgb, currentColor 25%, transparent); padding-top: 0.5rem; margin-top: 1rem; }
.says { font-style: italic; }
dl.run { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 1rem; }
dl.run dt { font-weight: 600; } dl.run dd { margin: 0; }
`;
