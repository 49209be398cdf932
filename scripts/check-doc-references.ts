/**
 * Lint step: the repository's references to its own documents all lead somewhere (see
 * `lib/doc-references.ts` for what is checked). Run by `npm run lint` and `npm test`.
 *
 *   node --import tsx scripts/check-doc-references.ts
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkReferences, isChecked } from './lib/doc-references.ts';

const root = path.resolve(import.meta.dirname, '..');
const paths = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter((p) => p !== '' && existsSync(path.join(root, p)));

const texts = new Map<string, string>();
for (const p of paths) {
  if (isChecked(p) || p.endsWith('.md')) texts.set(p, readFileSync(path.join(root, p), 'utf8'));
}

const problems = checkReferences({
  paths,
  texts,
  installed: (relative) => existsSync(path.join(root, relative)),
});
for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
if (problems.length > 0) {
  console.error(`\n✖ ${problems.length} broken reference(s) to the repository's documents.`);
  process.exit(1);
}
console.info(
  `References checked in ${texts.size} files: every document, section, link and ADR cited exists.`,
);
