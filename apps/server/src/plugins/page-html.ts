/**
 * The storefront's HTML for every page path (the single-page app's history fallback), written so
 * that the first screen can show as soon as the app's code has run, without asking for its data
 * afterwards:
 *
 * - the answers the first screen needs go into the page, in a JSON block (`PAGE_DATA_ELEMENT_ID`,
 *   read by the storefront's lib/page-data.ts) keyed by the URL of the call that gives them: the
 *   shop's public data on every page (header and footer show it); on a store's homepage
 *   (`/store/:encodedUrl`) the store of the link, whether it is open, and its brands with their
 *   number of models; on `/models/:brandId` the visitor's store, the brand and the first page of
 *   its models;
 * - the `Link` header preloads the page's code (route-preloads.ts) and, on the models page, the
 *   pictures of the first row of cards, the page's largest content.
 *
 * Each answer is the API's own: an internal request (`app.inject`) to the very URL the storefront
 * would call, with the visitor's cookies, so the page holds what that call would have answered,
 * with the same rules of who sees what. The visitor's store is the `STORE_COOKIE` the storefront
 * sets when a store is entered; without it (or for a store that is not there) the models page only
 * has the shop's data and asks for the rest itself, as it would without any of this.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import {
  brandUrl,
  CONFIG_URL,
  modelsUrl,
  storeBrandsUrl,
  storeCodeUrl,
  storeUrl,
  storeValidationUrl,
} from '@shop/contracts/api-urls';
import type { ModelPage } from '@shop/contracts/catalogue';
import {
  MODEL_PICTURE_SIZES,
  MODEL_PICTURE_WIDTHS,
  modelsPageBrand,
  PAGE_DATA_ELEMENT_ID,
  PRIORITY_MODEL_PICTURES,
  parseRouteId,
  pictureSrcSet,
  pictureUrl,
  STORE_COOKIE,
  storePageCode,
} from '@shop/contracts/storefront';
import type { DecodedUrl } from '@shop/contracts/stores';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface PageHtml {
  /** Sends the page for a GET or HEAD of a storefront path. */
  send(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** Where the answers go: the end of the body (the app's code, deferred, reads them after parsing). */
const BODY_END = '</body>';

/**
 * The page's HTML from `webDist/index.html` with its answers, and the preload `Link`s of the page's
 * code from `codePreloads` (route-preloads.ts).
 */
export function pageHtml(
  app: FastifyInstance,
  webDist: string,
  codePreloads: (url: string) => string | null,
): PageHtml {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  // Without the (optional) end tag, the end of the document is the end of its body.
  const at = template.lastIndexOf(BODY_END);
  const [head, tail] = at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at)];

  /** The API's answer to a GET of `url` for this visitor, or undefined unless it is a 200. */
  async function answer(req: FastifyRequest, url: string): Promise<unknown> {
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}) },
    });
    return res.statusCode === 200 ? res.json() : undefined;
  }

  /** Asks for each of `urls` at once, keeping the answers there are in `answers`, in that order. */
  async function gather(req: FastifyRequest, answers: Record<string, unknown>, urls: string[]) {
    const values = await Promise.all(urls.map((url) => answer(req, url)));
    urls.forEach((url, i) => {
      if (values[i] !== undefined) answers[url] = values[i];
    });
  }

  /** The calls of the page's first screen, and the pictures to preload with it. */
  async function firstScreen(
    req: FastifyRequest,
  ): Promise<{ answers: Record<string, unknown>; links: string[] }> {
    const pathname = req.url.split('?', 1)[0]!;
    const answers: Record<string, unknown> = {};
    const links: string[] = [];
    const brand = modelsPageBrand(pathname);
    const code = storePageCode(pathname);

    if (brand !== null) {
      // The models page: the visitor's store (from the cookie), the brand, its first page of models.
      const store = parseRouteId(req.cookies[STORE_COOKIE]);
      const firstPage = store === null ? null : modelsUrl({ store, brand });
      const urls = store === null || firstPage === null ? [] : [storeUrl(store), brandUrl(brand), firstPage];
      await gather(req, answers, [CONFIG_URL, ...urls]);
      const models = firstPage === null ? undefined : (answers[firstPage] as ModelPage | undefined);
      for (const model of (models?.items ?? []).slice(0, PRIORITY_MODEL_PICTURES)) {
        if (model.image) links.push(pictureLink(model.image));
      }
    } else if (code !== null) {
      // A store's homepage: the store of the link, whether it is open, and its brands with how many
      // models it offers of each (one call, as the page asks).
      await gather(req, answers, [CONFIG_URL, storeCodeUrl(code)]);
      const store = (answers[storeCodeUrl(code)] as DecodedUrl | undefined)?.storeId;
      if (store !== undefined) {
        await gather(req, answers, [storeValidationUrl(store), storeUrl(store), storeBrandsUrl(store)]);
      }
    } else {
      await gather(req, answers, [CONFIG_URL]);
    }
    return { answers, links };
  }

  return {
    async send(req, reply) {
      const { answers, links } = await firstScreen(req);
      const code = codePreloads(req.url);
      const link = [...(code ? [code] : []), ...links].join(', ');
      if (link) reply.header('link', link);

      // In a data block `<` is all that could end it early (`</script>`, `<!--`): written escaped.
      const data = JSON.stringify(answers).replace(/</g, '\\u003c');
      const html = `${head}<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${data}</script>\n${tail}`;
      const { body, encoding } = compressed(html, String(req.headers['accept-encoding'] ?? ''));
      if (encoding) reply.header('content-encoding', encoding);
      return (
        reply
          .header('content-type', 'text/html; charset=utf-8')
          // The page holds what the visitor's cookies chose (their store): for this browser only.
          .header('cache-control', 'private, no-cache')
          .header('vary', 'accept-encoding, cookie')
          .send(body)
      );
    },
  };
}

/** The `Link` that preloads a model card's picture in AVIF, as the card asks for it. */
function pictureLink(uri: string): string {
  const middle = MODEL_PICTURE_WIDTHS[Math.floor((MODEL_PICTURE_WIDTHS.length - 1) / 2)]!;
  return [
    `<${pictureUrl(uri, 'avif', middle)}>`,
    'rel=preload',
    'as=image',
    'type="image/avif"',
    `imagesrcset="${pictureSrcSet(uri, 'avif', MODEL_PICTURE_WIDTHS)}"`,
    `imagesizes="${MODEL_PICTURE_SIZES}"`,
    'fetchpriority=high',
  ].join('; ');
}

/**
 * The page compressed as the browser accepts it. A page is a few kilobytes: Brotli at a middle
 * quality or gzip costs well under a millisecond.
 */
function compressed(
  html: string,
  acceptEncoding: string,
): { body: Buffer | string; encoding: string | null } {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*q\s*=\s*/),
      )
      .filter(([, q]) => q === undefined || Number(q) > 0)
      .map(([name]) => name),
  );
  if (accepted.has('br')) {
    return {
      body: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
      encoding: 'br',
    };
  }
  if (accepted.has('gzip')) return { body: gzipSync(html, { level: 6 }), encoding: 'gzip' };
  return { body: html, encoding: null };
}
