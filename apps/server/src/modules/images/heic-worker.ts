/**
 * HEIC/HEIF decoding in a worker thread, with libheif compiled to WebAssembly (`libheif-js`): the
 * prebuilt libvips in sharp has no HEVC decoder, and a WASM decode takes a second or more, which
 * must not block the server's event loop.
 *
 * The worker reads the file, checks the primary image's size against the pixel cap from the
 * container's header BEFORE decoding, then decodes it to interleaved 8-bit RGB(A) with the HEIF
 * transformations (irot/imir/clap) applied, as libheif does by default. Nothing else of the file
 * (Exif, XMP, thumbnails, depth maps) leaves the worker. When the image has a colour profile other
 * than sRGB (iPhones: Display P3), the pixels come back wrapped in a minimal TIFF that carries it,
 * so that sharp converts them to sRGB; the TIFF is written here, straight from the WASM heap, so the
 * main thread never copies the pixels.
 *
 * This file is an entry point of its own: under tsx it runs from source, and `build.mjs` bundles it
 * to `dist/heic-worker.js` next to `dist/server.js` (see `heic.ts`).
 */
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { shapeProblem } from './limits.ts';
import { rgbTiffHeader } from './tiff.ts';

export interface HeicJob {
  id: number;
  bytes: Uint8Array;
  maxPixels: number;
  /** ICC profile to use for images that declare Display P3 by nclx code points instead of ICC. */
  displayP3Icc: Uint8Array | null;
}

type HeicProfile = { kind: 'icc'; bytes: Uint8Array } | { kind: 'nclx'; colourPrimaries: number };

export type HeicFailure = 'too-many-pixels' | 'bad-shape' | 'unsupported' | 'unreadable';

export type HeicReply =
  | {
      id: number;
      ok: true;
      width: number;
      height: number;
      channels: 3 | 4;
      /**
       * 'raw': width * height * channels bytes, rows packed, sRGB (or unknown, taken as sRGB).
       * 'tiff': the same pixels in an uncompressed TIFF that carries their ICC profile.
       */
      format: 'raw' | 'tiff';
      bytes: Uint8Array;
    }
  | { id: number; ok: false; reason: HeicFailure; detail: string };

// --- The parts of libheif-js's API we use (it ships no types for the wasm bundle) ---------------
interface Enum {
  value: number;
}
interface HeifError {
  code: Enum;
  subcode: Enum;
  message: string;
}
interface Handle {
  $$: { ptr: number };
}
interface Channel {
  id: Enum;
  width: number;
  height: number;
  stride: number;
  bits_per_pixel: number;
  data: Uint8Array;
}
interface DecodedImage {
  image: unknown;
  channels: Channel[];
}
interface LibHeif {
  heif_context_alloc(): unknown;
  heif_context_free(ctx: unknown): void;
  heif_context_read_from_memory(ctx: unknown, bytes: Uint8Array): HeifError;
  heif_js_context_get_primary_image_handle(ctx: unknown): Handle | HeifError;
  heif_image_handle_get_width(handle: Handle): number;
  heif_image_handle_get_height(handle: Handle): number;
  heif_image_handle_has_alpha_channel(handle: Handle): number;
  heif_image_handle_release(handle: Handle): void;
  heif_js_decode_image2(handle: Handle, colourspace: Enum, chroma: Enum): DecodedImage | HeifError;
  heif_image_release(image: unknown): void;
  heif_colorspace: { heif_colorspace_RGB: Enum };
  heif_chroma: { heif_chroma_interleaved_RGB: Enum; heif_chroma_interleaved_RGBA: Enum };
  heif_channel: { heif_channel_interleaved: Enum };
  // Raw C functions (pointer arguments), for the colour profile, which has no JS binding.
  _heif_image_handle_get_color_profile_type(handle: number): number;
  _heif_image_handle_get_raw_color_profile_size(handle: number): number;
  _heif_image_handle_get_raw_color_profile(errorOut: number, handle: number, data: number): void;
  _heif_image_handle_get_nclx_color_profile(errorOut: number, handle: number, profileOut: number): void;
  _heif_nclx_color_profile_free(profile: number): void;
  _malloc(size: number): number;
  _free(ptr: number): void;
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
}

// heif_error_code values (libheif's heif_error.h); anything else, e.g. 2 = invalid input, is 'unreadable'
const UNSUPPORTED_FILETYPE = 3;
const UNSUPPORTED_FEATURE = 4;
const MEMORY_ALLOCATION_ERROR = 6;
// heif_suberror_Security_limit_exceeded
const SECURITY_LIMIT_EXCEEDED = 1000;

/** nclx colour primaries 12 = SMPTE EG 432-1 (Display P3), what Android phones write without ICC. */
const NCLX_DISPLAY_P3 = 12;

const fourcc = (s: string) =>
  ((s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3)) >>> 0;
const PROF = fourcc('prof');
const RICC = fourcc('rICC');
const NCLX = fourcc('nclx');

// Named so that it cannot clash with the `require` that build.mjs's banner declares.
const requireCjs = createRequire(import.meta.url);
let lib: LibHeif | undefined;
const libheif = (): LibHeif => {
  lib ??= requireCjs('libheif-js/wasm-bundle') as LibHeif;
  return lib;
};

const isError = (value: unknown): value is HeifError =>
  !value || typeof (value as HeifError).code === 'object' || typeof (value as HeifError).message === 'string';

function failure(id: number, error: HeifError | string): HeicReply {
  if (typeof error === 'string') return { id, ok: false, reason: 'unreadable', detail: error };
  const code = error.code?.value;
  const reason: HeicFailure =
    error.subcode?.value === SECURITY_LIMIT_EXCEEDED || code === MEMORY_ALLOCATION_ERROR
      ? 'too-many-pixels'
      : code === UNSUPPORTED_FILETYPE || code === UNSUPPORTED_FEATURE
        ? 'unsupported'
        : 'unreadable';
  return { id, ok: false, reason, detail: error.message ?? `libheif error ${code}` };
}

function readProfile(h: LibHeif, handle: Handle): HeicProfile | null {
  const ptr = handle.$$.ptr;
  const type = h._heif_image_handle_get_color_profile_type(ptr) >>> 0;
  if (type === PROF || type === RICC) {
    const size = h._heif_image_handle_get_raw_color_profile_size(ptr);
    if (size <= 0 || size > 4 * 1024 * 1024) return null;
    const err = h._malloc(16);
    const data = h._malloc(size);
    try {
      h._heif_image_handle_get_raw_color_profile(err, ptr, data);
      if (h.HEAP32[err >> 2] !== 0) return null;
      return { kind: 'icc', bytes: h.HEAPU8.slice(data, data + size) };
    } finally {
      h._free(data);
      h._free(err);
    }
  }
  if (type === NCLX) {
    const err = h._malloc(16);
    const out = h._malloc(4);
    try {
      h.HEAP32[out >> 2] = 0;
      h._heif_image_handle_get_nclx_color_profile(err, ptr, out);
      const profile = h.HEAP32[out >> 2]!;
      if (h.HEAP32[err >> 2] !== 0 || !profile) return null;
      // struct heif_color_profile_nclx { uint8_t version; enum color_primaries; ... }
      const colourPrimaries = h.HEAP32[(profile + 4) >> 2]!;
      h._heif_nclx_color_profile_free(profile);
      return { kind: 'nclx', colourPrimaries };
    } finally {
      h._free(out);
      h._free(err);
    }
  }
  return null;
}

export function decodeHeic({ id, bytes, maxPixels, displayP3Icc }: HeicJob): HeicReply {
  const h = libheif();
  const ctx = h.heif_context_alloc();
  if (!ctx) return failure(id, 'could not allocate a HEIF context');
  try {
    const read = h.heif_context_read_from_memory(ctx, bytes);
    if (read.code.value !== 0) return failure(id, read);
    const handle = h.heif_js_context_get_primary_image_handle(ctx);
    if (isError(handle)) return failure(id, handle ?? 'no primary image');
    try {
      // The header's size, with rotation applied: checked before any pixel is decoded.
      const width = h.heif_image_handle_get_width(handle);
      const height = h.heif_image_handle_get_height(handle);
      if (!(width > 0 && height > 0)) return failure(id, 'image without size');
      const problem = width * height > maxPixels ? 'too-many-pixels' : shapeProblem(width, height);
      if (problem) return { id, ok: false, reason: problem, detail: `${width}x${height}` };
      const alpha = h.heif_image_handle_has_alpha_channel(handle) !== 0;
      const profile = readProfile(h, handle);
      const decoded = h.heif_js_decode_image2(
        handle,
        h.heif_colorspace.heif_colorspace_RGB,
        alpha ? h.heif_chroma.heif_chroma_interleaved_RGBA : h.heif_chroma.heif_chroma_interleaved_RGB,
      );
      if (isError(decoded)) return failure(id, decoded ?? 'decoding failed');
      try {
        const plane = decoded.channels.find(
          (c) => c.id.value === h.heif_channel.heif_channel_interleaved.value,
        );
        const channels = alpha ? 4 : 3;
        if (plane?.bits_per_pixel !== 8) {
          return { id, ok: false, reason: 'unsupported', detail: 'not an 8-bit interleaved image' };
        }
        const rowBytes = plane.width * channels;
        if (plane.stride < rowBytes || plane.data.length < plane.stride * (plane.height - 1) + rowBytes) {
          return failure(id, 'decoded plane smaller than announced');
        }
        // sRGB and unknown profiles are taken as sRGB; anything else goes with its ICC profile.
        const icc =
          profile?.kind === 'icc'
            ? profile.bytes
            : profile?.kind === 'nclx' && profile.colourPrimaries === NCLX_DISPLAY_P3
              ? displayP3Icc
              : null;
        const header = icc ? rgbTiffHeader(plane.width, plane.height, channels, icc) : new Uint8Array(0);
        // Copy out of the WASM heap (the view dies with the image) into a transferable buffer.
        const out = new Uint8Array(header.length + rowBytes * plane.height);
        out.set(header);
        if (plane.stride === rowBytes)
          out.set(plane.data.subarray(0, rowBytes * plane.height), header.length);
        else {
          for (let y = 0; y < plane.height; y++) {
            const row = plane.data.subarray(y * plane.stride, y * plane.stride + rowBytes);
            out.set(row, header.length + y * rowBytes);
          }
        }
        const format = icc ? 'tiff' : 'raw';
        return { id, ok: true, width: plane.width, height: plane.height, channels, format, bytes: out };
      } finally {
        h.heif_image_release(decoded.image);
      }
    } finally {
      h.heif_image_handle_release(handle);
    }
  } finally {
    h.heif_context_free(ctx);
  }
}

const port = parentPort;
if (port) {
  port.on('message', (job: HeicJob) => {
    let reply: HeicReply;
    try {
      reply = decodeHeic(job);
    } catch (err) {
      // A WASM abort (out of memory, a trap in the decoder) leaves the module unusable: answer, then
      // end this worker; the main thread starts a fresh one for the next file.
      port.postMessage({
        id: job.id,
        ok: false,
        reason: 'unreadable',
        detail: String(err),
      } satisfies HeicReply);
      process.exit(1);
    }
    const transfer = reply.ok ? [reply.bytes.buffer as ArrayBuffer] : [];
    port.postMessage(reply, transfer);
  });
}
