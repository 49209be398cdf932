/**
 * Lint step: the server's parts keep to their declared arrows and tables (rules in
 * `lib/module-boundaries.ts`, the parts in `lib/server-architecture.ts`). Run by `npm run lint`
 * and `npm test`.
 *
 *   node --import tsx scripts/check-module-boundaries.ts            check
 *   node --import tsx scripts/check-module-boundaries.ts --figures  also print the module graph
 *   node --import tsx scripts/check-module-boundaries.ts --strike   strike fixed ones from the list
 *   node --import tsx scripts/check-module-boundaries.ts --root DIR check another tree (tests)
 *
 * Violations that predate the rules are listed in `module-boundaries.known.json`; the check fails
 * on any other, and on a listed one that is gone (strike it: the list only shrinks).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import {
  compareWithKnown,
  cycles,
  declaredCycles,
  importRules,
  moduleEdges,
  tableViolations,
  type Violation,
  violationKey,
} from './lib/module-boundaries.ts';
import { SERVER_ROOT } from './lib/server-architecture.ts';
import { sourceFiles } from './lib/source-files.ts';

const { values } = parseArgs({
  options: {
    figures: { type: 'boolean', default: false },
    strike: { type: 'boolean', default: false },
    root: { type: 'string' },
    known: { type: 'string' },
  },
});
const repo = path.resolve(values.root ?? path.join(import.meta.dirname, '..'));
const knownFile = values.known ?? path.join(import.meta.dirname, 'module-boundaries.known.json');

const declared = declaredCycles();
if (declared.length > 0) {
  console.error(
    `✖ the declared module arrows form a cycle: ${declared.map((c) => c.join(' -> ')).join('; ')}`,
  );
  process.exit(1);
}

const previous = process.cwd();
process.chdir(repo);
const cruised = await cruise([SERVER_ROOT], {
  validate: true,
  ruleSet: { forbidden: importRules() } as never,
  exclude: { path: ['\\.test\\.ts$', 'node_modules'] },
  doNotFollow: { path: ['node_modules'] },
  tsPreCompilationDeps: true,
});
process.chdir(previous);
const result = cruised.output as ICruiseResult;

const files = new Map<string, string>();
for (const full of sourceFiles(path.join(repo, SERVER_ROOT))) {
  files.set(path.relative(repo, full), readFileSync(full, 'utf8'));
}

const found: Violation[] = [
  ...(result.summary.violations ?? []).map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.cycle && v.cycle.length > 0 ? v.cycle.map((c) => c.name).join(' -> ') : v.to,
  })),
  ...tableViolations(files),
];
const unique = [...new Map(found.map((v) => [violationKey(v), v])).values()];

if (values.figures) {
  const dependencies = result.modules.flatMap((m) =>
    m.dependencies.map((d) => ({ from: m.source, to: d.resolved })),
  );
  const edges = moduleEdges(dependencies);
  const edgeCount = [...edges.values()].reduce((n, s) => n + s.size, 0);
  const foreign = new Set(
    unique
      .filter((v) => v.rule === 'foreign-table' || v.rule === 'sql-outside-modules')
      .map((v) => `${v.from.split('/').slice(0, 5).join('/')} ${v.to}`),
  );
  const largest = [...files]
    .map(([file, text]) => ({ file, lines: text.split('\n').length - 1 }))
    .sort((a, b) => b.lines - a.lines)
    .slice(0, 5);
  console.info('Module arrows:');
  for (const [from, to] of [...edges].sort()) console.info(`  ${from} -> ${[...to].sort().join(', ')}`);
  console.info(`Module-to-module arrows: ${edgeCount}`);
  console.info(
    `Module cycles: ${
      cycles(edges)
        .map((c) => c.join(' <-> '))
        .join('; ') || 'none'
    }`,
  );
  console.info(`Part/table pairs outside their owner: ${foreign.size}`);
  console.info(`Largest files: ${largest.map((l) => `${l.file} ${l.lines}`).join(', ')}`);
  const byRule = new Map<string, number>();
  for (const v of unique) byRule.set(v.rule, (byRule.get(v.rule) ?? 0) + 1);
  console.info(`Violations by rule: ${[...byRule].map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}`);
}

let known: string[] = JSON.parse(readFileSync(knownFile, 'utf8'));
const { added, gone } = compareWithKnown(unique, known);
if (values.strike && gone.length > 0) {
  const struck = new Set(gone);
  known = known.filter((k) => !struck.has(k));
  writeFileSync(knownFile, `${JSON.stringify(known, null, 2)}\n`);
  console.info(`Struck ${gone.length} fixed violation(s) from ${path.basename(knownFile)}.`);
  gone.length = 0;
}
for (const k of added) console.error(`✖ ${k}`);
for (const k of gone) console.error(`✖ fixed, strike it from ${path.basename(knownFile)}: ${k}`);
if (added.length > 0 || gone.length > 0) {
  console.error(
    `\n✖ ${added.length} new boundary violation(s), ${gone.length} listed one(s) gone (docs/architecture.md says where each part may reach).`,
  );
  process.exit(1);
}
console.info(
  `Module boundaries hold: ${result.summary.totalCruised} files, ${known.length} older violation(s) still listed.`,
);
