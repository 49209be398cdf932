import type { Rect } from '@shop/case-geometry/transform';
import type { StageLayout } from './stage-layout';

/** Room around the case's box in the flat picture: its rim and shadow (a fraction of its width). */
const CASE_ROOM = 0.09;

const previous = new Map<string, string>();
const inFlight = new Map<string, Promise<string | null>>();

/**
 * A picture of the stage as it shows now, for the 3D view: `design` is the scene canvas cut to the
 * case's box (the phone's outline), the case's printed back; `case` is the scene with the case's
 * mock-up layer over it and the room around it, the flat mock-up. Each kind's previous picture is
 * given back when a new one is made.
 *
 * Asked again while a picture of that kind is being made, it answers that same picture: React may
 * run the dialog's first render more than once before it shows it, and a second picture finished
 * after the first would give back the one on screen (the image then fails to load).
 */
export function stageSnapshot(
  kind: 'design' | 'case',
  layers: (HTMLCanvasElement | null)[],
  layout: StageLayout | null,
): Promise<string | null> {
  const pending = inFlight.get(kind);
  if (pending) return pending;
  const made = snapshot(kind, layers, layout).finally(() => inFlight.delete(kind));
  inFlight.set(kind, made);
  return made;
}

async function snapshot(
  kind: 'design' | 'case',
  layers: (HTMLCanvasElement | null)[],
  layout: StageLayout | null,
): Promise<string | null> {
  if (!layout || layers.some((c) => !c)) return null;
  const { box, dpr } = layout;
  const room = kind === 'case' ? box.width * CASE_ROOM : 0;
  const area: Rect = {
    x: Math.max(0, box.x - room),
    y: Math.max(0, box.y - room),
    width: Math.min(layout.width, box.width + 2 * room),
    height: Math.min(layout.height, box.height + 2 * room),
  };
  const width = Math.max(1, Math.round(area.width * dpr));
  const height = Math.max(1, Math.round(area.height * dpr));
  const copy = document.createElement('canvas');
  copy.width = width;
  copy.height = height;
  const ctx = copy.getContext('2d');
  if (!ctx) return null;
  for (const layer of layers) {
    ctx.drawImage(layer as HTMLCanvasElement, area.x * dpr, area.y * dpr, width, height, 0, 0, width, height);
  }
  const png = await new Promise<Blob | null>((resolve) => copy.toBlob(resolve, 'image/png'));
  if (!png) return null;
  const url = URL.createObjectURL(png);
  const old = previous.get(kind);
  if (old) URL.revokeObjectURL(old);
  previous.set(kind, url);
  return url;
}
