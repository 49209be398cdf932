import { availableParallelism } from 'node:os';
import sharp from 'sharp';

/**
 * sharp as the server uses it, configured once for every image module (uploads, print files,
 * catalogue images) and the benches that measure them.
 *
 * - No operation cache: libvips keeps recent images for reuse, but uploads and print files are
 *   never processed twice, so it only costs memory.
 * - Two libvips threads per image: on glibc Linux sharp's default is one (against memory
 *   fragmentation). Two let libvips convert and copy pixels while the JPEG decoder goes on: a 48 MP
 *   photo's decode 850 -> 460 ms, its whole ingest 1.24 -> 0.83 s on a 2-core server, with the
 *   same peak memory (bench/ingest.ts). Uploads are bounded by MAX_CONCURRENT_INGESTS.
 */
sharp.cache(false);
sharp.concurrency(Math.min(2, availableParallelism()));

export default sharp;
