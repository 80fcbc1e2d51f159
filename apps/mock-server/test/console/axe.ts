/**
 * axe-core run in a page or a frame (Playwright's Frame or Page): its serious and critical
 * violations, each with its rule id, impact and the number of nodes it names.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string;
  nodes: number;
}

/** The serious and critical violations axe-core finds in `where` (its script is added there). */
export async function seriousViolations(where: Page | Frame): Promise<Violation[]> {
  await where.addScriptTag({ content: AXE_SOURCE });
  const violations = await where.evaluate(async () => {
    type Axe = { run(): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
    const { axe } = globalThis as unknown as { axe: Axe };
    return (await axe.run()).violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.length }));
  });
  return violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
}
