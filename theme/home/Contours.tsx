// The hero's backdrop: contour lines of an invented mountain, the alpine pasture in the name.
// Drawn at render time from two fixed wave functions, so it is the same on every build and
// costs no request. Decorative only.
const RINGS = 11;
const STEPS = 72;

function ring(k: number, cx: number, cy: number, base: number): string {
  const points: string[] = [];
  for (let i = 0; i <= STEPS; i++) {
    const a = (i / STEPS) * Math.PI * 2;
    const r =
      base * (1 + 0.13 * Math.sin(3 * a + k * 0.35) + 0.07 * Math.sin(5 * a - k * 0.5) + 0.04 * Math.cos(7 * a + 1.1));
    points.push(`${(cx + r * Math.cos(a) * 1.35).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${points.join('L')}Z`;
}

/** The rings' path data in an 840 x 500 box, peak near (452, 232). */
function contourPaths(): string[] {
  return Array.from({ length: RINGS }, (_, k) => ring(k, 420, 250, 26 + k * 21));
}

/** The rings as the social cards draw them (the theme contract's `socialCardArt`): SVG markup
 * placed right of the card's text, every fourth ring stronger, as on the hero. */
export function contourArt(color: string): string {
  const rings = contourPaths()
    .map(
      (d, k) =>
        `<path d="${d}" fill="none" stroke="${color}" stroke-opacity="${k % 4 === 3 ? 0.3 : 0.14}" stroke-width="${k % 4 === 3 ? 2 : 1.3}"/>`,
    )
    .join('');
  return `<g transform="translate(560 110) scale(1.05)">${rings}</g>`;
}

export function Contours() {
  const paths = contourPaths();
  return (
    <svg
      className="contours"
      viewBox="0 0 840 500"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      {paths.map((d, k) => (
        <path key={k} d={d} className={k % 4 === 3 ? 'contour-index' : undefined} />
      ))}
      <circle cx="452" cy="232" r="5" className="contour-peak" />
    </svg>
  );
}
