/**
 * Sample designs for the shop's mock-ups, drawn in code (no photos to license or download): each is
 * a DesignPainter that fills the case's back whatever its size. Deterministic, so a rebuild gives
 * the same pictures.
 */
import { type Box, type Context2D, seededRandom } from './context.ts';
import type { DesignPainter } from './mockup.ts';

export interface SampleDesign {
  id: string;
  /** Spanish name, for alternative texts. */
  name: string;
  /** Colour of the case's rim that goes best with it (#rrggbb). */
  rim: string;
  paint: DesignPainter;
}

/** Sunset over the sea: warm sky, low sun, layered hills and the sun's reflection on the water. */
function sunset(ctx: Context2D, a: Box): void {
  const sky = ctx.createLinearGradient(0, a.y, 0, a.y + a.height * 0.62);
  sky.addColorStop(0, '#3b1d60');
  sky.addColorStop(0.35, '#c2407a');
  sky.addColorStop(0.7, '#f6855c');
  sky.addColorStop(1, '#ffd48a');
  ctx.fillStyle = sky;
  ctx.fillRect(a.x, a.y, a.width, a.height);

  const sunX = a.x + a.width * 0.56;
  const sunY = a.y + a.height * 0.5;
  const sunR = a.width * 0.26;
  const glow = ctx.createRadialGradient(sunX, sunY, sunR * 0.6, sunX, sunY, sunR * 2.6);
  glow.addColorStop(0, 'rgba(255,236,170,0.65)');
  glow.addColorStop(1, 'rgba(255,236,170,0)');
  ctx.fillStyle = glow;
  ctx.fillRect(a.x, a.y, a.width, a.height);
  ctx.beginPath();
  ctx.arc(sunX, sunY, sunR, 0, Math.PI * 2);
  ctx.fillStyle = '#fff1c1';
  ctx.fill();

  const hills: [number, number, string][] = [
    [0.5, 0.07, '#8c3b74'],
    [0.56, 0.05, '#5d2a66'],
  ];
  for (const [level, amplitude, colour] of hills) {
    ctx.beginPath();
    ctx.moveTo(a.x, a.y + a.height);
    for (let i = 0; i <= 24; i++) {
      const t = i / 24;
      const wave = Math.sin(t * Math.PI * 2.2 + level * 9) * amplitude + Math.sin(t * 7.3) * 0.012;
      ctx.lineTo(a.x + t * a.width, a.y + a.height * (level + wave));
    }
    ctx.lineTo(a.x + a.width, a.y + a.height);
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.fill();
  }

  const seaTop = a.y + a.height * 0.62;
  const sea = ctx.createLinearGradient(0, seaTop, 0, a.y + a.height);
  sea.addColorStop(0, '#2b3f7a');
  sea.addColorStop(1, '#101a3a');
  ctx.fillStyle = sea;
  ctx.fillRect(a.x, seaTop, a.width, a.height);
  // The sun's path on the water: shorter strokes further down.
  ctx.fillStyle = 'rgba(255,214,150,0.8)';
  for (let i = 0; i < 9; i++) {
    const y = seaTop + a.height * (0.02 + i * 0.035);
    const half = sunR * (1 - i * 0.09);
    ctx.fillRect(sunX - half, y, half * 2, Math.max(1, a.height * 0.008));
  }
}

/** Terrazzo: chips of colour scattered on a warm cream ground. */
function terrazzo(ctx: Context2D, a: Box): void {
  ctx.fillStyle = '#f4ede1';
  ctx.fillRect(a.x, a.y, a.width, a.height);
  const random = seededRandom(7);
  const colours = ['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f', '#e5989b', '#264653'];
  const count = Math.round((a.width * a.height) / (a.width * a.width * 0.018));
  for (let i = 0; i < count; i++) {
    const cx = a.x + random() * a.width;
    const cy = a.y + random() * a.height;
    const size = a.width * (0.025 + random() * 0.075);
    const corners = 3 + Math.floor(random() * 3);
    const turn = random() * Math.PI;
    ctx.beginPath();
    for (let c = 0; c < corners; c++) {
      const angle = turn + (c / corners) * Math.PI * 2;
      const r = size * (0.6 + random() * 0.4);
      const px = cx + Math.cos(angle) * r;
      const py = cy + Math.sin(angle) * r;
      if (c === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.closePath();
    ctx.fillStyle = colours[Math.floor(random() * colours.length)]!;
    ctx.fill();
  }
}

/** Flowing bands of blue and sand, like the sea on a beach seen from above. */
function waves(ctx: Context2D, a: Box): void {
  const colours = ['#0b3c5d', '#1d6a96', '#3aa0c8', '#7fd1de', '#e8f6f3', '#f3dfb6', '#e9c98d'];
  ctx.fillStyle = colours[0]!;
  ctx.fillRect(a.x, a.y, a.width, a.height);
  const bands = colours.length;
  for (let b = 1; b < bands; b++) {
    const base = a.y + (b / bands) * a.height * 1.05;
    ctx.beginPath();
    ctx.moveTo(a.x, a.y + a.height);
    for (let i = 0; i <= 40; i++) {
      const t = i / 40;
      const y = base + Math.sin(t * Math.PI * 2 + b * 0.9) * a.width * 0.07;
      ctx.lineTo(a.x + t * a.width, y);
    }
    ctx.lineTo(a.x + a.width, a.y + a.height);
    ctx.closePath();
    ctx.fillStyle = colours[b]!;
    ctx.fill();
  }
  // Foam along the shore.
  ctx.strokeStyle = 'rgba(255,255,255,0.7)';
  ctx.lineWidth = Math.max(1, a.width * 0.012);
  ctx.beginPath();
  const foam = a.y + (4 / bands) * a.height * 1.05;
  for (let i = 0; i <= 40; i++) {
    const t = i / 40;
    const y = foam + Math.sin(t * Math.PI * 2 + 3.6) * a.width * 0.07 - a.width * 0.015;
    if (i === 0) ctx.moveTo(a.x, y);
    else ctx.lineTo(a.x + t * a.width, y);
  }
  ctx.stroke();
}

/** Simple five-petal flowers and leaves on a soft pink ground. */
function blooms(ctx: Context2D, a: Box): void {
  ctx.fillStyle = '#f9dcd6';
  ctx.fillRect(a.x, a.y, a.width, a.height);
  const random = seededRandom(21);
  const petals = ['#ffffff', '#f7b267', '#e56b6f', '#b56576'];
  const step = a.width * 0.34;
  for (let row = -1; row * step * 0.8 < a.height + step; row++) {
    for (let col = -1; col * step < a.width + step; col++) {
      const cx = a.x + col * step + (row % 2 ? step / 2 : 0) + (random() - 0.5) * step * 0.2;
      const cy = a.y + row * step * 0.8 + (random() - 0.5) * step * 0.2;
      const r = step * (0.2 + random() * 0.08);
      // Two leaves behind the flower.
      ctx.fillStyle = '#6a994e';
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.ellipse(cx + side * r * 1.05, cy + r * 0.55, r * 0.62, r * 0.26, side * 0.6, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.fillStyle = petals[Math.floor(random() * petals.length)]!;
      const turn = random() * Math.PI;
      for (let p = 0; p < 5; p++) {
        const angle = turn + (p / 5) * Math.PI * 2;
        ctx.beginPath();
        ctx.ellipse(
          cx + Math.cos(angle) * r * 0.62,
          cy + Math.sin(angle) * r * 0.62,
          r * 0.52,
          r * 0.34,
          angle,
          0,
          Math.PI * 2,
        );
        ctx.fill();
      }
      ctx.beginPath();
      ctx.arc(cx, cy, r * 0.3, 0, Math.PI * 2);
      ctx.fillStyle = '#ffd166';
      ctx.fill();
    }
  }
}

/** Seventies rainbow: concentric arcs rising from the bottom on cream. */
function rainbow(ctx: Context2D, a: Box): void {
  ctx.fillStyle = '#fbf1e3';
  ctx.fillRect(a.x, a.y, a.width, a.height);
  const colours = ['#d1495b', '#ed7d3a', '#f2b134', '#8fb996', '#3d7ea6', '#fbf1e3'];
  const cx = a.x + a.width / 2;
  const cy = a.y + a.height * 0.72;
  const outer = a.width * 0.62;
  const band = outer / (colours.length + 0.5);
  colours.forEach((colour, i) => {
    ctx.beginPath();
    ctx.arc(cx, cy, outer - i * band, Math.PI, 0);
    ctx.lineTo(cx + outer - i * band, a.y + a.height);
    ctx.lineTo(cx - outer + i * band, a.y + a.height);
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.fill();
  });
  // Sun and a few dots above.
  ctx.beginPath();
  ctx.arc(a.x + a.width * 0.72, a.y + a.height * 0.2, a.width * 0.11, 0, Math.PI * 2);
  ctx.fillStyle = '#f2b134';
  ctx.fill();
  const random = seededRandom(3);
  ctx.fillStyle = '#d1495b';
  for (let i = 0; i < 14; i++) {
    ctx.beginPath();
    ctx.arc(
      a.x + random() * a.width,
      a.y + random() * a.height * 0.4,
      a.width * (0.008 + random() * 0.012),
      0,
      Math.PI * 2,
    );
    ctx.fill();
  }
}

/** Night sky: deep blue to violet, stars, a crescent moon and mountains. */
function night(ctx: Context2D, a: Box): void {
  const sky = ctx.createLinearGradient(0, a.y, 0, a.y + a.height);
  sky.addColorStop(0, '#0b1026');
  sky.addColorStop(0.6, '#2b2d6e');
  sky.addColorStop(1, '#6c4a9e');
  ctx.fillStyle = sky;
  ctx.fillRect(a.x, a.y, a.width, a.height);
  const random = seededRandom(11);
  for (let i = 0; i < 90; i++) {
    ctx.globalAlpha = 0.4 + random() * 0.6;
    ctx.beginPath();
    ctx.arc(
      a.x + random() * a.width,
      a.y + random() * a.height * 0.75,
      a.width * (0.003 + random() * 0.008),
      0,
      Math.PI * 2,
    );
    ctx.fillStyle = '#ffffff';
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  const mx = a.x + a.width * 0.64;
  const my = a.y + a.height * 0.24;
  const mr = a.width * 0.16;
  ctx.beginPath();
  ctx.arc(mx, my, mr, 0, Math.PI * 2);
  ctx.fillStyle = '#fdf3c4';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(mx + mr * 0.42, my - mr * 0.22, mr * 0.9, 0, Math.PI * 2);
  ctx.fillStyle = '#141a3c';
  ctx.fill();
  const ranges: [number, string][] = [
    [0.7, '#3c2f6b'],
    [0.8, '#1c1940'],
  ];
  for (const [level, colour] of ranges) {
    ctx.beginPath();
    ctx.moveTo(a.x, a.y + a.height);
    const peaks = 5;
    for (let i = 0; i <= peaks * 2; i++) {
      const t = i / (peaks * 2);
      const up = i % 2 === 1 ? 0.09 + random() * 0.06 : 0;
      ctx.lineTo(a.x + t * a.width, a.y + a.height * (level - up));
    }
    ctx.lineTo(a.x + a.width, a.y + a.height);
    ctx.closePath();
    ctx.fillStyle = colour;
    ctx.fill();
  }
}

export const SAMPLE_DESIGNS: readonly SampleDesign[] = [
  { id: 'atardecer', name: 'atardecer en el mar', rim: '#2a1f3d', paint: sunset },
  { id: 'terrazo', name: 'terrazo de colores', rim: '#3d405b', paint: terrazzo },
  { id: 'olas', name: 'olas en la orilla', rim: '#0b3c5d', paint: waves },
  { id: 'flores', name: 'flores sobre rosa', rim: '#b56576', paint: blooms },
  { id: 'arcoiris', name: 'arcoíris retro', rim: '#3d7ea6', paint: rainbow },
  { id: 'noche', name: 'noche estrellada', rim: '#1c1940', paint: night },
];

/** The sample design for the n-th model of a list, cycling through them. */
export function sampleDesign(index: number): SampleDesign {
  return SAMPLE_DESIGNS[((index % SAMPLE_DESIGNS.length) + SAMPLE_DESIGNS.length) % SAMPLE_DESIGNS.length]!;
}
