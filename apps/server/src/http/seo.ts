/**
 * What search engines read besides the pages: `/robots.txt`, `/sitemap.xml` (the public pages: the
 * landing, the store selection, each open store's page and the static pages) and an
 * `X-Robots-Tag: noindex` on the HTML of every page of an order or of the back office.
 *
 * Order pages are not disallowed in robots.txt on purpose: a crawler that may not fetch a page never
 * sees its noindex, and may still list the bare URL if someone links to it.
 */
import { PRIVATE_PAGE_PREFIXES, staticSlugs } from '@shop/contracts/storefront';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.ts';
import { encodeStoreUrl, storesForSitemap } from '../modules/stores/index.ts';

interface SeoOptions {
  db: Queryable;
  /** The shop's public origin (PUBLIC_URL); the request's own when unset (development). */
  publicUrl: string | undefined;
}

const PRIVATE = new Set<string>(PRIVATE_PAGE_PREFIXES);

/** True for a page path whose HTML must stay out of search engines. */
export function isPrivatePage(url: string): boolean {
  const first = url.split(/[?#]/, 1)[0]!.split('/')[1] ?? '';
  return PRIVATE.has(first);
}

export function registerSeo(app: FastifyInstance, { db, publicUrl }: SeoOptions): void {
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;

  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && isPrivatePage(req.url))
      reply.header('x-robots-tag', 'noindex, nofollow');
    return payload;
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (req, reply) => {
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return ['User-agent: *', 'Disallow: /api/', '', `Sitemap: ${origin(req)}/sitemap.xml`, ''].join('\n');
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const rows = await storesForSitemap(db);
    const base = origin(req);
    const entries = [
      { path: '/', priority: '1.0' },
      { path: '/store', priority: '0.8' },
      ...rows.map((s) => ({
        path: `/store/${encodeStoreUrl(s.id, 'false')}`,
        priority: '0.7',
        lastmod: s.updated_at.toISOString().slice(0, 10),
      })),
      ...staticSlugs.map((slug) => ({ path: `/${slug}`, priority: '0.3' })),
      { path: '/creditos', priority: '0.2' },
      { path: '/declaracion-responsable', priority: '0.1' },
    ];
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600');
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries.map(
        (e) =>
          `<url><loc>${escapeXml(base + e.path)}</loc>${'lastmod' in e ? `<lastmod>${e.lastmod}</lastmod>` : ''}<priority>${e.priority}</priority></url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
  });
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
