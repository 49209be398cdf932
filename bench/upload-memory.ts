/**
 * Server memory under a burst of big photo uploads: 20 customers send a 22 MB JPEG at the same
 * moment to the built server (production mode, PGlite). Upload bodies are spooled to disk while they
 * wait for one of the two ingest slots, so the server's memory is bounded by the slots, not by the
 * number of uploads waiting. Target: peak RSS < 600 MB above the idle server (before: 20 bodies
 * held in memory took the server from 865 MB to 1.37 GB).
 *
 *   node --import tsx bench/upload-memory.ts          (after npm run build)
 *
 * The photo (gradients plus per-pixel noise, so it compresses like a camera photo) is generated on
 * the first run and cached in $TMPDIR/fundas-bench-upload-v2/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { startShop } from './http.ts';

export const UPLOAD_BURST = { uploads: 20, photoMB: 22, targetGrowthMB: 600 } as const;

export interface UploadMemoryResult {
  uploads: number;
  photoBytes: number;
  statuses: Record<string, number>;
  idleRssMB: number;
  peakRssMB: number;
  growthMB: number;
  seconds: number;
  spooledLeft: number;
  targetGrowthMB: number;
  pass: boolean;
}

const cacheDir = join(tmpdir(), 'fundas-bench-upload-v2');

/** A photo-like JPEG of about `mb` MB (under the 25 MB cap). */
async function bigPhoto(mb: number): Promise<Buffer> {
  const file = join(cacheDir, `photo-${mb}mb.jpg`);
  if (existsSync(file)) return readFile(file);
  await mkdir(cacheDir, { recursive: true });
  const width = 7000;
  const height = 5000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) & 0x3f;
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + noise) & 0xff;
      raw[i + 1] = ((y * 255) / height + noise) & 0xff;
      raw[i + 2] = (((x + y) * 127) / width + noise) & 0xff;
    }
  }
  // The best quality whose file stays within half a megabyte of the size asked for.
  let best: Buffer | undefined;
  for (let quality = 70; quality <= 98; quality++) {
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length > (mb + 0.5) * 2 ** 20) break;
    best = jpeg;
  }
  await writeFile(file, best!);
  return best!;
}

function rssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** A visitor with its cookies and forgery token, as a browser would have after its first page. */
async function visitor(url: string) {
  const res = await fetch(`${url}/api/health`);
  await res.body?.cancel();
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const token = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  return { cookie: cookies.join('; '), token };
}

async function upload(url: string, photo: Buffer): Promise<number> {
  const v = await visitor(url);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
  const res = await fetch(`${url}/api/images`, {
    method: 'POST',
    headers: { cookie: v.cookie, 'x-xsrf-token': v.token },
    body: form,
  });
  await res.body?.cancel();
  return res.status;
}

export async function runUploadMemoryBench(): Promise<UploadMemoryResult> {
  const photo = await bigPhoto(UPLOAD_BURST.photoMB);
  const shop = await startShop();
  try {
    // Warm up (sharp, the database, the routes), then let the heap settle: that is "idle".
    await upload(
      shop.url,
      await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer(),
    );
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMB(shop.pid);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMB(shop.pid));
    }, 20);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: UPLOAD_BURST.uploads }, () => upload(shop.url, photo)),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMB(shop.pid));
    const counts: Record<string, number> = {};
    for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
    const spoolDir = join(shop.dataDir!, 'tmp', 'uploads');
    const spooledLeft = (await readdir(spoolDir).catch(() => [])).length;
    const growth = peak - idle;
    return {
      uploads: UPLOAD_BURST.uploads,
      photoBytes: photo.length,
      statuses: counts,
      idleRssMB: Math.round(idle),
      peakRssMB: Math.round(peak),
      growthMB: Math.round(growth),
      seconds: Math.round(seconds * 10) / 10,
      spooledLeft,
      targetGrowthMB: UPLOAD_BURST.targetGrowthMB,
      pass:
        growth < UPLOAD_BURST.targetGrowthMB && counts['201'] === UPLOAD_BURST.uploads && spooledLeft === 0,
    };
  } finally {
    await shop.stop();
  }
}

export function formatUploadMemory(r: UploadMemoryResult): string {
  return [
    `Upload burst: ${r.uploads} x ${(r.photoBytes / 2 ** 20).toFixed(1)} MB JPEG at once, in ${r.seconds} s`,
    `  answers: ${Object.entries(r.statuses)
      .map(([s, n]) => `${n} x ${s}`)
      .join(', ')}; temporary files left: ${r.spooledLeft}`,
    `  server RSS: idle ${r.idleRssMB} MB, peak ${r.peakRssMB} MB, growth ${r.growthMB} MB (target < ${r.targetGrowthMB} MB) ${r.pass ? 'OK' : 'FAIL'}`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await runUploadMemoryBench();
  console.info(formatUploadMemory(r));
  process.exitCode = r.pass ? 0 : 1;
}
