import { readFileSync } from 'node:fs';
import path from 'node:path';

interface RoutePreload {
  /** A React Router path of the storefront's route table: `store/:encodedUrl`, `admin/*`. */
  path: string;
  js: string[];
  css: string[];
}

interface CompiledRoute {
  segments: string[];
  link: string;
}

/**
 * How well `parts` (a URL path's segments) fit a route's `segments`, ranked as React Router ranks
 * routes (a literal segment beats a parameter, a parameter beats a splat); -1 when they do not fit.
 */
export function routeScore(segments: string[], parts: string[]): number {
  const splat = segments.at(-1) === '*';
  const fixed = splat ? segments.slice(0, -1) : segments;
  if (splat ? parts.length < fixed.length : parts.length !== fixed.length) return -1;
  let score = splat ? -2 : 0;
  for (const [i, segment] of fixed.entries()) {
    if (segment.startsWith(':')) {
      if (!parts[i]) return -1;
      score += 3;
    } else if (segment === parts[i]) {
      score += 10;
    } else {
      return -1;
    }
  }
  return score;
}

/**
 * The `Link` header that preloads a page's code with its HTML: the entry, then the route's own
 * chunks. For a deep link such as a store's link or /models/1 the browser fetches the route's
 * chunks together with the entry, instead of discovering them only once the entry has run. The
 * build lists the files in `.vite/route-preloads.json` (apps/web/vite.config.ts); without that
 * file, no header.
 */
export function routePreloads(webDist: string): (url: string) => string | null {
  let preloads: { entry: Omit<RoutePreload, 'path'>; routes: RoutePreload[] };
  try {
    preloads = JSON.parse(readFileSync(path.join(webDist, '.vite', 'route-preloads.json'), 'utf8'));
    if (!Array.isArray(preloads.entry?.js) || !Array.isArray(preloads.routes)) return () => null;
  } catch {
    return () => null;
  }
  // Same credentials mode as the scripts and stylesheets Vite writes (crossorigin), or the
  // browser would fetch them twice.
  const links = (files: Omit<RoutePreload, 'path'>) => [
    ...files.js.map((f) => `</${f}>; rel=modulepreload; crossorigin`),
    ...files.css.map((f) => `</${f}>; rel=preload; as=style; crossorigin`),
  ];
  // The entry first: over HTTP/1.1 a browser opens six connections to a host, and the entry is
  // what runs first; the route's files come next, in parallel with it.
  const entry = links(preloads.entry);
  const landing = landingPreload(webDist);
  const compiled: CompiledRoute[] = preloads.routes.map((r) => ({
    segments: r.path.split('/').filter(Boolean),
    link: [...entry, ...links(r)].join(', '),
  }));
  return (url) => {
    const parts = (url.split('?')[0] ?? '').split('/').filter(Boolean);
    // The landing (`/`, `/welcome/:encodedUrl`): its code and its hero picture.
    if (landing && (parts.length === 0 || (parts.length === 2 && parts[0] === 'welcome'))) {
      return [...entry, landing].join(', ');
    }
    let best: CompiledRoute | null = null;
    let bestScore = -1;
    for (const route of compiled) {
      const score = routeScore(route.segments, parts);
      if (score > bestScore) {
        best = route;
        bestScore = score;
      }
    }
    return best?.link ?? (entry.length ? entry.join(', ') : null);
  };
}

/**
 * The `Link` that preloads the landing's hero picture (the page's largest element) in AVIF at the
 * width the screen needs, from `.vite/landing-preload.json` (apps/web/vite.config.ts); null without
 * that file.
 */
function landingPreload(webDist: string): string | null {
  try {
    const hero = JSON.parse(readFileSync(path.join(webDist, '.vite', 'landing-preload.json'), 'utf8')) as {
      href: string;
      type: string;
      srcset: string;
      sizes: string;
    };
    const quoted = (value: string) => `"${value.replace(/["\\]/g, '')}"`;
    return [
      `<${hero.href}>`,
      'rel=preload',
      'as=image',
      `type=${quoted(hero.type)}`,
      `imagesrcset=${quoted(hero.srcset)}`,
      `imagesizes=${quoted(hero.sizes)}`,
      'fetchpriority=high',
    ].join('; ');
  } catch {
    return null;
  }
}
