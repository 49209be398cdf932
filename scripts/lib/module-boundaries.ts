/**
 * The rules that keep the server's parts apart (see `server-architecture.ts` for the parts):
 *
 * - imports: a module is reached only through its `index.ts`; a module imports only the modules
 *   it declares; no part imports a part above it; no import cycle. These are dependency-cruiser
 *   rules, made here from the declared architecture.
 * - tables: a module's SQL names only its own tables; a read model only SELECTs; workflows, routes
 *   and the entry files hold no SQL (they call a module or a read model).
 *
 * Pure: the caller runs dependency-cruiser and reads the files.
 */
import {
  ANY_TABLE,
  MODULES,
  type ModuleSpec,
  PARTS,
  PLATFORM_TABLES,
  SERVER_ROOT,
} from './server-architecture.ts';

export interface Violation {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
}

export const violationKey = (v: Violation): string => `${v.rule}: ${v.from} -> ${v.to}`;

/** Where a file (path relative to the repository) sits in the architecture. */
export type Place =
  | { readonly part: 'module'; readonly module: string }
  | { readonly part: keyof typeof PARTS | 'other' };

export function placeOf(file: string, root = SERVER_ROOT): Place {
  const inner = file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
  const match = /^modules\/([^/]+)\//.exec(inner);
  if (match?.[1] !== undefined) return { part: 'module', module: match[1] };
  // The longest prefix decides: `db/seed/` (entry) inside `db/` (platform).
  let best: { part: keyof typeof PARTS; length: number } | null = null;
  for (const [part, prefixes] of Object.entries(PARTS)) {
    for (const p of prefixes) {
      if ((inner === p || (p.endsWith('/') && inner.startsWith(p))) && p.length > (best?.length ?? 0)) {
        best = { part: part as keyof typeof PARTS, length: p.length };
      }
    }
  }
  return best ? { part: best.part } : { part: 'other' };
}

const literal = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression source matching a part's files under `root`. */
function partPath(root: string, part: keyof typeof PARTS): string {
  const others = Object.entries(PARTS)
    .filter(([name]) => name !== part)
    .flatMap(([, prefixes]) => prefixes);
  const alternatives = PARTS[part].map((p) => {
    if (!p.endsWith('/')) return `${literal(p)}$`;
    // A folder of another part inside this one (`db/seed/` in `db/`) is not this part's.
    const inner = others.filter((o) => o.startsWith(p) && o !== p).map((o) => literal(o.slice(p.length)));
    return inner.length > 0 ? `${literal(p)}(?!${inner.join('|')})` : literal(p);
  });
  return `^${literal(root)}/(${alternatives.join('|')})`;
}

interface Rule {
  name: string;
  severity: 'error';
  comment: string;
  from: Record<string, unknown>;
  to: Record<string, unknown>;
}

/** The dependency-cruiser `forbidden` rules for the declared architecture. */
export function importRules(
  modules: Readonly<Record<string, ModuleSpec>> = MODULES,
  root = SERVER_ROOT,
): Rule[] {
  const r = literal(root);
  const rules: Rule[] = [
    {
      name: 'module-internals',
      severity: 'error',
      comment: 'another module is reached only through its index.ts, never at a file inside it',
      from: { path: `^${r}/modules/([^/]+)/` },
      to: { path: `^${r}/modules/[^/]+/`, pathNot: [`^${r}/modules/$1/`, `^${r}/modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'module-internals',
      severity: 'error',
      comment: 'code outside the modules reaches a module only through its index.ts',
      from: { pathNot: `^${r}/modules/` },
      to: { path: `^${r}/modules/[^/]+/(?!index\\.ts$)` },
    },
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'no import cycle, inside a part or between parts',
      from: { path: `^${r}/` },
      to: { circular: true },
    },
  ];
  for (const [name, spec] of Object.entries(modules)) {
    const allowed = [name, ...spec.uses].map(literal).join('|');
    rules.push({
      name: 'module-arrow',
      severity: 'error',
      comment: `${name} imports only the modules it declares: ${spec.uses.join(', ') || 'none'}`,
      from: { path: `^${r}/modules/${literal(name)}/` },
      to: { path: `^${r}/modules/`, pathNot: `^${r}/modules/(${allowed})/` },
    });
  }
  const above = (part: keyof typeof PARTS, higher: (keyof typeof PARTS)[]): Rule => ({
    name: 'layer',
    severity: 'error',
    comment: `${part} does not import ${higher.join(', ')}`,
    from: { path: partPath(root, part) },
    to: { path: higher.map((h) => partPath(root, h)) },
  });
  rules.push(
    above('platform', ['readModels', 'workflows', 'http', 'entry']),
    {
      name: 'layer',
      severity: 'error',
      comment: 'the platform knows no module',
      from: { path: partPath(root, 'platform') },
      to: { path: `^${r}/modules/` },
    },
    {
      name: 'layer',
      severity: 'error',
      comment: 'modules do not import read models, workflows, routes or the entry files',
      from: { path: `^${r}/modules/` },
      to: { path: (['readModels', 'workflows', 'http', 'entry'] as const).map((h) => partPath(root, h)) },
    },
    {
      name: 'layer',
      severity: 'error',
      comment: 'read models depend on the database only',
      from: { path: partPath(root, 'readModels') },
      to: {
        path: [`^${r}/modules/`, ...(['workflows', 'http', 'entry'] as const).map((h) => partPath(root, h))],
      },
    },
    above('workflows', ['http', 'entry']),
    above('http', ['entry']),
  );
  return rules;
}

/** The table each SQL keyword introduces, as written in the code (upper-case keywords). */
const TABLE_AFTER = /\b(FROM|JOIN|UPDATE|INTO|TABLE)\s+([a-z_][a-z0-9_]*)\b/g;
const WRITES = /\b(INSERT\s+INTO|UPDATE\s+[a-z_]+\s+SET|DELETE\s+FROM)\b/;

/** The text without comments (whole comment lines and blocks; strings keep their `//`). */
export function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('//'))
    .join('\n');
}

/** The known tables a file's SQL names, with whether it writes any table. */
export function tablesIn(text: string, known: ReadonlySet<string>): { tables: Set<string>; writes: boolean } {
  const code = withoutComments(text);
  const tables = new Set<string>();
  for (const m of code.matchAll(TABLE_AFTER)) {
    const table = m[2];
    if (table !== undefined && known.has(table)) tables.add(table);
  }
  return { tables, writes: WRITES.test(code) };
}

/** The table rules, over the server's files (path relative to the repository -> text). */
export function tableViolations(
  files: ReadonlyMap<string, string>,
  modules: Readonly<Record<string, ModuleSpec>> = MODULES,
  root = SERVER_ROOT,
): Violation[] {
  const owner = new Map<string, string>();
  for (const [name, spec] of Object.entries(modules)) for (const t of spec.tables) owner.set(t, name);
  const known = new Set([...owner.keys(), ...PLATFORM_TABLES]);
  const violations: Violation[] = [];
  for (const [file, text] of files) {
    const inner = file.slice(root.length + 1);
    if (ANY_TABLE.some((p) => inner === p || inner.startsWith(p))) continue;
    const { tables, writes } = tablesIn(text, known);
    if (tables.size === 0) continue;
    const place = placeOf(file, root);
    for (const table of [...tables].sort()) {
      const tableOwner = owner.get(table) ?? 'platform';
      if (place.part === 'module') {
        if (tableOwner !== place.module) violations.push({ rule: 'foreign-table', from: file, to: table });
      } else if (place.part === 'platform') {
        if (tableOwner !== 'platform') violations.push({ rule: 'foreign-table', from: file, to: table });
      } else if (place.part !== 'readModels') {
        violations.push({ rule: 'sql-outside-modules', from: file, to: table });
      }
    }
    if (place.part === 'readModels' && writes) {
      violations.push({ rule: 'read-model-writes', from: file, to: [...tables].sort().join(',') });
    }
  }
  return violations;
}

/** Module -> modules it imports (files of one module importing files of another). */
export function moduleEdges(
  dependencies: Iterable<{ from: string; to: string }>,
  root = SERVER_ROOT,
): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of dependencies) {
    const a = placeOf(from, root);
    const b = placeOf(to, root);
    if (a.part !== 'module' || b.part !== 'module' || a.module === b.module) continue;
    const set = edges.get(a.module) ?? new Set<string>();
    set.add(b.module);
    edges.set(a.module, set);
  }
  return edges;
}

/** The strongly connected groups of more than one node (the cycles), Tarjan's algorithm. */
export function cycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

/** The declared module arrows form no cycle (else the arrow rules could not forbid one). */
export function declaredCycles(modules: Readonly<Record<string, ModuleSpec>> = MODULES): string[][] {
  const edges = new Map(Object.entries(modules).map(([m, s]) => [m, new Set(s.uses)]));
  return cycles(edges);
}

/**
 * Today's violations against the recorded known ones: `added` fail the check; `gone` must be
 * struck from the record (it only shrinks).
 */
export function compareWithKnown(
  found: readonly Violation[],
  known: readonly string[],
): { added: string[]; gone: string[] } {
  const now = new Set(found.map(violationKey));
  const before = new Set(known);
  return {
    added: [...now].filter((k) => !before.has(k)).sort(),
    gone: [...before].filter((k) => !now.has(k)).sort(),
  };
}
