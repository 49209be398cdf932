import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The TypeScript source files under `dir` (full paths), tests (`*.test.ts`) aside: `.ts` files, and
 * `.tsx` ones too with `withJsx`.
 */
export function sourceFiles(dir: string, { withJsx = false } = {}): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full, { withJsx }));
    else if ((name.endsWith('.ts') || (withJsx && name.endsWith('.tsx'))) && !name.endsWith('.test.ts'))
      out.push(full);
  }
  return out;
}
