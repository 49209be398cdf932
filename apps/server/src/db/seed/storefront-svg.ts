/** The demo stores' pictures: a shop front drawn with shapes only (no fonts, no downloads). */

/** The colours of one shop front. */
export interface StorefrontPalette {
  wall: string;
  awning: string;
  sign: string;
  door: string;
}

/** Colours of the phone cases on display in the shop windows. */
const DISPLAY_CASES = [
  '#e63946',
  '#f4a261',
  '#2a9d8f',
  '#457b9d',
  '#e9c46a',
  '#9b5de5',
  '#f15bb5',
  '#00bbf9',
];

/**
 * A 640x400 storefront drawn with shapes only: facade with balcony windows, a blank sign with a
 * phone-case pictogram, striped awning, a window displaying cases on two shelves, a door and a plant.
 */
export function storefrontSvg({ wall, awning, sign, door }: StorefrontPalette): string {
  const parts: string[] = [
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">',
    '<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">',
    '<stop offset="0" stop-color="#bfdbfe"/><stop offset="1" stop-color="#f0f9ff"/></linearGradient>',
    '<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">',
    '<stop offset="0" stop-color="#e0f2fe"/><stop offset="1" stop-color="#bae6fd"/></linearGradient></defs>',
    '<rect width="640" height="400" fill="url(#sky)"/>',
    // Facade and cornice.
    `<rect x="40" y="36" width="560" height="334" fill="${wall}"/>`,
    '<rect x="32" y="28" width="576" height="14" fill="#000000" fill-opacity="0.12"/>',
  ];

  // First floor: three windows with shutters and a small balcony railing.
  for (const x of [100, 280, 460]) {
    parts.push(
      `<rect x="${x - 14}" y="58" width="14" height="64" fill="${awning}" fill-opacity="0.85"/>`,
      `<rect x="${x + 80}" y="58" width="14" height="64" fill="${awning}" fill-opacity="0.85"/>`,
      `<rect x="${x}" y="58" width="80" height="64" fill="url(#glass)" stroke="#ffffff" stroke-width="4"/>`,
      `<line x1="${x + 40}" y1="58" x2="${x + 40}" y2="122" stroke="#ffffff" stroke-width="3"/>`,
      `<rect x="${x - 6}" y="112" width="92" height="14" fill="none" stroke="#374151" stroke-width="2"/>`,
    );
    for (let bar = x + 4; bar < x + 84; bar += 10) {
      parts.push(`<line x1="${bar}" y1="112" x2="${bar}" y2="126" stroke="#374151" stroke-width="2"/>`);
    }
  }

  // Sign board with a phone-case pictogram instead of a name.
  parts.push(
    `<rect x="60" y="140" width="520" height="36" rx="4" fill="${sign}"/>`,
    '<rect x="309" y="144" width="22" height="28" rx="4" fill="#ffffff"/>',
    `<rect x="312" y="147" width="9" height="9" rx="2" fill="${sign}"/>`,
  );

  // Striped awning with a scalloped edge.
  for (let i = 0; i < 14; i++) {
    const x = 40 + i * 40;
    parts.push(
      `<path d="M${x} 180H${x + 40}V214A20 20 0 0 1 ${x} 214Z" fill="${i % 2 ? '#ffffff' : awning}"/>`,
    );
  }
  parts.push('<rect x="40" y="180" width="560" height="6" fill="#000000" fill-opacity="0.15"/>');

  // Shop window with two shelves of phone cases.
  parts.push(
    '<rect x="64" y="236" width="340" height="124" fill="#4b5563"/>',
    '<rect x="70" y="242" width="328" height="112" fill="url(#glass)"/>',
  );
  for (const [row, shelfY] of [232 + 66, 232 + 118].entries()) {
    parts.push(`<rect x="76" y="${shelfY}" width="316" height="5" fill="#9ca3af"/>`);
    for (let i = 0; i < 8; i++) {
      const x = 88 + i * 38;
      const colour = DISPLAY_CASES[(i + row * 3) % DISPLAY_CASES.length];
      parts.push(
        `<rect x="${x}" y="${shelfY - 46}" width="24" height="46" rx="5" fill="${colour}"/>`,
        `<rect x="${x + 3}" y="${shelfY - 43}" width="10" height="10" rx="3" fill="#1f2937" fill-opacity="0.75"/>`,
      );
    }
  }
  parts.push('<path d="M70 242L140 242L70 320Z" fill="#ffffff" fill-opacity="0.35"/>');

  // Door with a glass panel and a handle.
  parts.push(
    '<rect x="432" y="232" width="112" height="138" fill="#4b5563"/>',
    `<rect x="438" y="238" width="100" height="132" fill="${door}"/>`,
    '<rect x="450" y="250" width="76" height="70" fill="url(#glass)"/>',
    '<rect x="524" y="300" width="6" height="26" rx="3" fill="#e5e7eb"/>',
  );

  // Potted plant, pavement and kerb.
  parts.push(
    '<circle cx="574" cy="318" r="16" fill="#4d7c0f"/>',
    '<circle cx="562" cy="332" r="13" fill="#65a30d"/>',
    '<circle cx="586" cy="334" r="12" fill="#3f6212"/>',
    '<path d="M560 340H588L584 370H564Z" fill="#c2410c"/>',
    '<rect x="0" y="370" width="640" height="30" fill="#d1d5db"/>',
    '<rect x="0" y="392" width="640" height="8" fill="#9ca3af"/>',
    '</svg>',
  );
  return parts.join('');
}
