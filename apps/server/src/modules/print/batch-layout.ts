/**
 * Lays cases out on printer sheets: as few sheets as possible, nothing overlapping, nothing in the
 * margins. Pure geometry in millimetres, no I/O.
 *
 * Each case takes its print file's real size, plus a band under it for its label (order number
 * and model), plus a gap around it for the cut. Cases go on shelves (rows), upright or turned a
 * quarter; several strategies are tried and the one with the fewest sheets wins. Shelf packing is
 * not optimal in general, but phone cases are similar rectangles, where it is within a sheet of
 * the best layout and fast (20 cases in well under a millisecond).
 */

/** Height of the label band under each case, and the gap between neighbours (room for the cut). */
export const LABEL_MM = 5;
export const GAP_MM = 4;

export interface SheetSpec {
  widthMm: number;
  heightMm: number;
  marginMm: number;
}

/** The presets of the API (`sheet: "A4" | "A3"`), portrait. */
export const SHEET_PRESETS = {
  A4: { widthMm: 210, heightMm: 297 },
  A3: { widthMm: 297, heightMm: 420 },
} as const;

export interface LayoutItem {
  id: string;
  /** The case's print size (upright). */
  widthMm: number;
  heightMm: number;
}

export interface Placement {
  id: string;
  /** 1-based sheet number. */
  sheet: number;
  /** Top-left corner of the case (not the label) from the sheet's top-left corner. */
  xMm: number;
  yMm: number;
  /** Size of the case as laid (swapped when rotated). */
  widthMm: number;
  heightMm: number;
  /** Turned a quarter so that it lies on its side. */
  rotated: boolean;
}

export interface Layout {
  sheets: number;
  placements: Placement[];
}

export class CaseTooLargeError extends Error {
  constructor(readonly itemId: string) {
    super(`case ${itemId} does not fit on the sheet`);
  }
}

interface Shelf {
  y: number;
  height: number;
  used: number;
}

interface Sheet {
  shelves: Shelf[];
  used: number;
}

type Orientation = (item: LayoutItem) => boolean[];

const STRATEGIES: Orientation[] = [
  () => [false],
  () => [true],
  // Lying down first (a shorter footprint), upright when it does not fit lying down.
  (i) => (i.heightMm > i.widthMm ? [true, false] : [false, true]),
  (i) => (i.heightMm > i.widthMm ? [false, true] : [true, false]),
];

function footprint(item: LayoutItem, rotated: boolean) {
  const w = rotated ? item.heightMm : item.widthMm;
  const h = rotated ? item.widthMm : item.heightMm;
  return { w, h, fh: h + LABEL_MM };
}

function packWith(items: LayoutItem[], spec: SheetSpec, orient: Orientation): Layout | null {
  const usableW = spec.widthMm - 2 * spec.marginMm;
  const usableH = spec.heightMm - 2 * spec.marginMm;
  // Taller footprints first: shelves then fill with similar heights.
  const order = [...items].sort(
    (a, b) => Math.max(b.widthMm, b.heightMm) - Math.max(a.widthMm, a.heightMm) || a.id.localeCompare(b.id),
  );
  const sheets: Sheet[] = [];
  const placements: Placement[] = [];
  for (const item of order) {
    let placed = false;
    const options = orient(item);
    // 1. An existing shelf with room, on any sheet.
    for (let s = 0; s < sheets.length && !placed; s++) {
      for (const shelf of sheets[s]!.shelves) {
        for (const rotated of options) {
          const f = footprint(item, rotated);
          const x = shelf.used === 0 ? 0 : shelf.used + GAP_MM;
          if (x + f.w <= usableW + 1e-9 && f.fh <= shelf.height + 1e-9) {
            placements.push(place(item, s, spec, x, shelf.y, f, rotated));
            shelf.used = x + f.w;
            placed = true;
            break;
          }
        }
        if (placed) break;
      }
    }
    // 2. A new shelf under the last one of a sheet.
    for (let s = 0; s < sheets.length && !placed; s++) {
      const sheet = sheets[s]!;
      for (const rotated of options) {
        const f = footprint(item, rotated);
        const y = sheet.used === 0 ? 0 : sheet.used + GAP_MM;
        if (f.w <= usableW + 1e-9 && y + f.fh <= usableH + 1e-9) {
          sheet.shelves.push({ y, height: f.fh, used: f.w });
          sheet.used = y + f.fh;
          placements.push(place(item, s, spec, 0, y, f, rotated));
          placed = true;
          break;
        }
      }
    }
    // 3. A new sheet.
    if (!placed) {
      const rotated = options.find((r) => {
        const f = footprint(item, r);
        return f.w <= usableW + 1e-9 && f.fh <= usableH + 1e-9;
      });
      if (rotated === undefined) return null;
      const f = footprint(item, rotated);
      sheets.push({ shelves: [{ y: 0, height: f.fh, used: f.w }], used: f.fh });
      placements.push(place(item, sheets.length - 1, spec, 0, 0, f, rotated));
    }
  }
  return { sheets: sheets.length, placements };
}

function place(
  item: LayoutItem,
  sheetIndex: number,
  spec: SheetSpec,
  x: number,
  y: number,
  f: { w: number; h: number },
  rotated: boolean,
): Placement {
  return {
    id: item.id,
    sheet: sheetIndex + 1,
    xMm: spec.marginMm + x,
    yMm: spec.marginMm + y,
    widthMm: f.w,
    heightMm: f.h,
    rotated,
  };
}

/** The layout with the fewest sheets; throws CaseTooLargeError for a case no sheet can hold. */
export function layoutSheets(items: LayoutItem[], spec: SheetSpec): Layout {
  for (const item of items) {
    const fits = [false, true].some((r) => {
      const f = footprint(item, r);
      return f.w <= spec.widthMm - 2 * spec.marginMm && f.fh <= spec.heightMm - 2 * spec.marginMm;
    });
    if (!fits) throw new CaseTooLargeError(item.id);
  }
  let best: Layout | null = null;
  for (const strategy of STRATEGIES) {
    const layout = packWith(items, spec, strategy);
    if (layout && (!best || layout.sheets < best.sheets)) best = layout;
  }
  return best ?? { sheets: 0, placements: [] };
}
