import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The root package.json: its `version` is the release's, and the VERI*FACTU system's by default.
 * Reached from this file in source (apps/server/src/lib/) or from the bundle (apps/server/dist/):
 * the first of the two that is the workspace's root (it lists the workspaces).
 */
const ROOT_PACKAGES = [
  new URL('../../../../package.json', import.meta.url),
  new URL('../../../package.json', import.meta.url),
].map((url) => fileURLToPath(url));

function readPackage(file: string): { version?: unknown; workspaces?: unknown } | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown; workspaces?: unknown };
  } catch {
    return null;
  }
}

/** The release's version, or null when the root package.json cannot be read or names none. */
export function releaseVersion(file?: string): string | null {
  const pkg = file
    ? readPackage(file)
    : ROOT_PACKAGES.map(readPackage).find((p) => p !== null && p.workspaces !== undefined);
  const version = pkg?.version;
  return typeof version === 'string' && version.trim() ? version.trim() : null;
}
