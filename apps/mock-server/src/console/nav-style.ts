/** The style of the console's navigation (page.tsx inlines it in the head; console-style.ts is the rest). */
export const NAV_STYLE = `nav.console-nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;padding:0;margin:.5rem 0}
nav.console-nav a{font-weight:600}.unknown:target{outline:3px solid #1a56db;outline-offset:2px}`;
