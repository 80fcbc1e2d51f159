/**
 * JUnit XML for CI: one test case per check, with its time; skipped checks as `<skipped/>` with
 * their reason; observations as passing cases with their reading or why they were not observed
 * (an unknown not observed fails nothing and was not skipped by the tests: it is reported as it is).
 */
import type { ContractReport } from '../support/types.js';
import { allObservations } from './observations.js';
import { printable } from './printable.js';

/** Text for an XML 1.0 attribute or element: markup escaped, characters XML forbids shown escaped (printable). */
const xml = (text: string) =>
  printable(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

export function toJUnit(report: ContractReport): string {
  const seconds = (report.durationMs / 1000).toFixed(3);
  const time = (ms: number | undefined) => ` time="${((ms ?? 0) / 1000).toFixed(3)}"`;
  const checks = report.checks.map((c) => {
    const open = `    <testcase classname="contract.§${xml(c.section)}" name="${xml(c.name)}"${time(c.durationMs)}>`;
    if (c.verdict === 'pass') return `${open}</testcase>`;
    if (c.verdict === 'skipped')
      return `${open}\n      <skipped message="${xml(c.detail)}"/>\n    </testcase>`;
    return `${open}\n      <failure message="${xml(c.detail)}">${xml(`§${c.section} ${c.name}: ${c.detail}`)}</failure>\n    </testcase>`;
  });
  const observations = allObservations(report).map((o) =>
    o.verdict === 'observed'
      ? `    <testcase classname="observed" name="${xml(`${o.id}: ${o.reading}`)}"${time(o.durationMs)}><system-out>${xml(o.evidence)}</system-out></testcase>`
      : `    <testcase classname="observed" name="${xml(`${o.id}: not observed`)}"${time(o.durationMs)}><system-out>${xml(`not observed: ${o.evidence}`)}</system-out></testcase>`,
  );
  const { failed, skipped } = report.summary;
  const tests = report.checks.length + allObservations(report).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${tests}" failures="${failed}" skipped="${skipped}" time="${seconds}">`,
    `  <testsuite name="contract: stated" tests="${report.checks.length}" failures="${failed}" skipped="${skipped}" time="${seconds}">`,
    ...checks,
    '  </testsuite>',
    `  <testsuite name="contract: observed" tests="${allObservations(report).length}" failures="0" skipped="0">`,
    ...observations,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
