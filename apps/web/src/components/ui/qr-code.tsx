import { create } from 'qrcode';
import { useMemo } from 'react';
import { LogoMark } from '@/components/ui/icons';

// docs/product.md §9.9, in the drawing's own units (CSS pixels at its nominal size): error correction M,
// a 16 px quiet zone and a 40 px centre image. The shop's mark sits on a white square a little
// larger than itself; it hides about 2 % of the modules, far below what level M restores (15 %).
const SIZE = 400;
const MARGIN = 16;
const LOGO = 40;
const LOGO_PAD = 6;
const INK = '#111827';

/** One path for every dark module, a horizontal run of modules per segment. */
function modulePath(value: string): { size: number; d: string } {
  const { modules } = create(value, { errorCorrectionLevel: 'M' });
  const { size } = modules;
  let d = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!modules.get(row, col)) continue;
      const start = col;
      while (col + 1 < size && modules.get(row, col + 1)) col++;
      const run = col - start + 1;
      d += `M${start} ${row}h${run}v1h${-run}z`;
    }
  }
  return { size, d };
}

interface QrCodeProps {
  value: string;
  /** What the code is for, read out instead of the drawing. */
  label: string;
  className?: string;
}

/** A QR code drawn as SVG (sharp at any size, no canvas, nothing inline for the CSP to refuse). */
export function QrCode({ value, label, className }: QrCodeProps) {
  const { size, d } = useMemo(() => modulePath(value), [value]);
  const inner = SIZE - 2 * MARGIN;
  const badge = LOGO + 2 * LOGO_PAD;
  return (
    <svg className={className} viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={label}>
      <rect width={SIZE} height={SIZE} fill="#fff" />
      <g transform={`translate(${MARGIN} ${MARGIN}) scale(${inner / size})`} shapeRendering="crispEdges">
        <path d={d} fill={INK} />
      </g>
      <rect x={(SIZE - badge) / 2} y={(SIZE - badge) / 2} width={badge} height={badge} rx={8} fill="#fff" />
      <LogoMark x={(SIZE - LOGO) / 2} y={(SIZE - LOGO) / 2} width={LOGO} height={LOGO} />
    </svg>
  );
}
