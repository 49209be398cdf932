import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The TypeScript source files under `dir` (full paths), tests (`*.test.ts`) aside. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}
