/**
 * The repository's references to its own documents, checked: every Markdown file named in code or
 * docs exists, every numbered section cited after a document's name (`§N.M`) has that heading, every relative
 * Markdown link reaches a file (and its anchor, when it names one), every 'ADR N' names a decision
 * record that exists. The repository stands on its own, so a reference to a folder beside the
 * clone, or to the product's requirements by anything but their document, is refused too.
 *
 * Pure: it takes the files' paths and texts and answers the problems, so that a test can feed it
 * broken references and see each one caught (`doc-references.test.ts`).
 */
import path from 'node:path';

export interface Problem {
  file: string;
  line: number;
  message: string;
}

export interface RepoFiles {
  /** Every file of the repository (posix paths from its root), text or not. */
  paths: readonly string[];
  /** The text of each file to check and of each Markdown file (whose headings are read). */
  texts: ReadonlyMap<string, string>;
  /** Does a path outside the repository's own files exist (an installed package's file)? */
  installed?: (relative: string) => boolean;
}

/** Phrases that point outside the repository; what to write instead. */
const FORBIDDEN: { pattern: RegExp; instead: string }[] = [
  { pattern: /\.\.[/\\]shared\b/, instead: 'the repository keeps its own copy of what it needs' },
  { pattern: /\bspec points?\s+\d/i, instead: 'cite the section: docs/product.md §N.M' },
];

/** `## 2. Title`, `### 2.8 Title`, `#### 2.8.1 Title`: the numbered sections of a document. */
const NUMBERED_HEADING = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/;
/** A Markdown file named in any text, by path or bare name, with an optional anchor or section. */
const MD_NAME = /(?<![\w/.-])((?:\.{1,2}\/)?[\w@-][\w./@-]*\.md)\b(?:#([\w-]+))?(?:\s*§\s*(\d+(?:\.\d+)*))?/g;
/** `[text](target)` in Markdown. */
const MD_LINK = /\[[^\]\n]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
/** 'ADR 18', 'ADR 0018'. */
const ADR = /\bADRs?\s+0*(\d{1,4})\b/g;

export function checkReferences(repo: RepoFiles): Problem[] {
  const problems: Problem[] = [];
  const all = new Set(repo.paths);
  const byBase = new Map<string, string[]>();
  for (const p of repo.paths) {
    const base = path.posix.basename(p);
    byBase.set(base, [...(byBase.get(base) ?? []), p]);
  }
  const headings = new Map<string, { numbers: Set<string>; slugs: Set<string> }>();
  const headingsOf = (file: string) => {
    let h = headings.get(file);
    if (!h) {
      h = readHeadings(repo.texts.get(file) ?? '');
      headings.set(file, h);
    }
    return h;
  };
  const adrs = new Set(
    repo.paths
      .map((p) => /^docs\/decisions\/(\d{4})-[\w-]+\.md$/.exec(p)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number),
  );

  /** The repository file a name points at from `from`, or null. */
  const resolve = (from: string, name: string): string | null => {
    const fromDir = path.posix.dirname(from);
    const candidates = name.startsWith('.')
      ? [path.posix.normalize(path.posix.join(fromDir, name))]
      : [path.posix.normalize(name), path.posix.normalize(path.posix.join(fromDir, name))];
    for (const c of candidates) if (all.has(c)) return c;
    // A bare or partial name ("fixtures/README.md" in prose): unique by its ending.
    if (!name.startsWith('.')) {
      const matches = (byBase.get(path.posix.basename(name)) ?? []).filter(
        (p) => p === name || p.endsWith(`/${name}`),
      );
      if (matches.length > 0) {
        // Prefer the nearest: one in the citing file's own folder tree.
        return matches.find((m) => m.startsWith(`${fromDir}/`)) ?? matches[0]!;
      }
    }
    return null;
  };

  for (const [file, text] of repo.texts) {
    if (!isChecked(file)) continue;
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      const at = (message: string) => problems.push({ file, line: i + 1, message });
      for (const { pattern, instead } of FORBIDDEN) {
        const m = pattern.exec(line);
        if (m) at(`'${m[0]}' points outside the repository: ${instead}`);
      }
      // In Markdown, a link's target is checked as a link below, once.
      const prose = file.endsWith('.md') ? line.replace(/\]\([^)\s]*\)/g, ']()') : line;
      for (const m of prose.matchAll(MD_NAME)) {
        const [, name, anchor, section] = m;
        if (!name || isUrlPart(prose, m.index ?? 0)) continue;
        if (name.startsWith('node_modules/')) {
          if (repo.installed && !repo.installed(name)) at(`${name} is not in the installed packages`);
          continue;
        }
        const target = resolve(file, name);
        if (!target) {
          at(`${name} does not exist in the repository`);
          continue;
        }
        if (section && !headingsOf(target).numbers.has(section)) at(`${name} has no section §${section}`);
        if (anchor && !headingsOf(target).slugs.has(anchor)) at(`${name} has no heading #${anchor}`);
      }
      if (file.endsWith('.md')) {
        for (const m of line.matchAll(MD_LINK)) {
          const target = m[1]!;
          if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
          const [p, anchor] = target.split('#') as [string, string | undefined];
          const resolved =
            p === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), p));
          const exists =
            all.has(resolved) || repo.paths.some((x) => x.startsWith(`${resolved.replace(/\/$/, '')}/`));
          if (!exists) at(`link to ${target}: no such file or folder`);
          else if (anchor && resolved.endsWith('.md') && !headingsOf(resolved).slugs.has(anchor))
            at(`link to ${target}: ${resolved} has no heading #${anchor}`);
        }
      }
      for (const m of line.matchAll(ADR)) {
        if (!adrs.has(Number(m[1]))) at(`${m[0]}: no such decision record in docs/decisions/`);
      }
    });
  }
  return problems;
}

/** Source, scripts, docs and configuration; not data, lock files, pictures or the AEAT's schemas. */
export function isChecked(file: string): boolean {
  if (/(^|\/)(node_modules|dist)\//.test(file)) return false;
  if (file.endsWith('package-lock.json')) return false;
  // The checker's own test is made of broken references on purpose.
  if (file === 'scripts/lib/doc-references.test.ts') return false;
  if (file.startsWith('apps/server/src/modules/invoices/xsd/')) return false;
  if (file.startsWith('apps/server/test/fixtures/') && !file.endsWith('.md') && !file.endsWith('.ts'))
    return false;
  return /\.(ts|tsx|js|mjs|cjs|css|html|md|sh|json|ya?ml|example)$|(^|\/)(run|\.env\.example)$/.test(file);
}

/** A name inside a URL ("https://github.com/x/y/blob/main/README.md") is not ours to check. */
function isUrlPart(line: string, index: number): boolean {
  const before = line.slice(0, index);
  const lastSpace = Math.max(before.lastIndexOf(' '), before.lastIndexOf('('), before.lastIndexOf('<'));
  return /[a-z]+:\/\//i.test(before.slice(lastSpace + 1));
}

/** Section numbers and GitHub-style heading slugs of a Markdown text (outside code fences). */
export function readHeadings(text: string): { numbers: Set<string>; slugs: Set<string> } {
  const numbers = new Set<string>();
  const slugs = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || !/^#{1,6}\s/.test(line)) continue;
    const n = NUMBERED_HEADING.exec(line);
    if (n) numbers.add(n[1]!);
    slugs.add(slug(line.replace(/^#{1,6}\s+/, '')));
  }
  return { numbers, slugs };
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}
