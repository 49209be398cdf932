import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The root package.json: its `version` is the release's, and the VERI*FACTU system's by default. */
const ROOT_PACKAGE = fileURLToPath(new URL('../../../../package.json', import.meta.url));

/** The release's version, or null when the root package.json cannot be read or names none. */
export function releaseVersion(file = ROOT_PACKAGE): string | null {
  try {
    const version = (JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' && version.trim() ? version.trim() : null;
  } catch {
    return null;
  }
}
