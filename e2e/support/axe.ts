// axe-core in a page: its violations, and a readable list of them for an assertion message.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './server.ts';

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

let source: Promise<string> | undefined;

export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  source ??= readFile(join(repoRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');
  // Through the DevTools protocol, so the page's CSP (script-src 'self') does not apply.
  await page.evaluate(await source);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
}

export const describeViolations = (violations: AxeViolation[]) =>
  violations
    .map(
      (v) =>
        `${v.impact}: ${v.id} (${v.help})\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`,
    )
    .join('\n');

/** The serious and critical violations: what a screen must not have. */
export const blockingViolations = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
