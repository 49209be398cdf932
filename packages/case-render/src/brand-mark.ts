/**
 * A brand's mark as a standalone SVG, from a simple-icons entry (the package is CC0; the marks are
 * their owners' trademarks). The icon set's notes stay in the file, so whoever opens it sees where
 * it comes from and whose mark it is (docs/third-party-notices.md).
 */
export interface BrandIcon {
  title: string;
  /** Brand colour, rrggbb without '#'. */
  hex: string;
  /** SVG path data on a 24x24 grid. */
  path: string;
  source: string;
  guidelines?: string;
}

export function brandMarkSvg(icon: BrandIcon, size?: number): string {
  const notes = [
    `${icon.title} logo from Simple Icons (simple-icons npm package, CC0 1.0).`,
    `${icon.title} is a trademark of its owner; shown only to say which phones we make cases for.`,
    `Source: ${icon.source}`,
    ...(icon.guidelines ? [`Brand guidelines: ${icon.guidelines}`] : []),
  ].join(' ');
  const dimensions = size ? ` width="${size}" height="${size}"` : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg"${dimensions} viewBox="0 0 24 24" fill="#${icon.hex}">`,
    `<!-- ${notes.replaceAll('--', '-')} -->`,
    `<title>${escapeXml(icon.title)}</title>`,
    `<path d="${icon.path}"/>`,
    '</svg>\n',
  ].join('');
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}
