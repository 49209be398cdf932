/**
 * The size rule for the server's source: no file over MAX_LINES lines, so that a file holds one
 * concern. Files that were over it when the rule came are allowed up to the size they had then (a
 * ceiling: they may not grow), and an allowance that is no longer needed must be struck, so the
 * list only shrinks. Pure: the caller reads the files.
 */

export const MAX_LINES = 400;

/** Lines as an editor numbers them (and `wc -l` counts them in a file that ends with a newline). */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/**
 * What breaks the rule, one sentence per problem: a file over MAX_LINES without an allowance, an
 * allowed file over its ceiling, and an allowance no longer needed (the file is gone or back under
 * MAX_LINES).
 */
export function fileSizeProblems(
  lines: ReadonlyMap<string, number>,
  allowed: Readonly<Record<string, number>>,
  max = MAX_LINES,
): string[] {
  const problems: string[] = [];
  for (const [file, n] of [...lines].sort(([a], [b]) => a.localeCompare(b))) {
    const ceiling = allowed[file];
    if (ceiling === undefined) {
      if (n > max) problems.push(`${file}: ${n} lines, more than ${max}: split it by concern`);
    } else if (n > ceiling) {
      problems.push(`${file}: ${n} lines, over its allowance of ${ceiling}: an allowed file may not grow`);
    }
  }
  for (const [file, ceiling] of Object.entries(allowed).sort(([a], [b]) => a.localeCompare(b))) {
    const n = lines.get(file);
    if (n === undefined) {
      problems.push(`${file}: allowed ${ceiling} lines but no longer exists: strike its allowance`);
    } else if (n <= max) {
      problems.push(`${file}: ${n} lines, no longer over ${max}: strike its allowance`);
    }
  }
  return problems;
}
