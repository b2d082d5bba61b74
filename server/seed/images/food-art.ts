/**
 * Simple food drawings for the demo images, as SVG fragments centred on (0,0)
 * and about 140 units across. Made up of circles and paths so they render in
 * any browser with no fonts or network.
 */
type Art = () => string;

const plate = (fill = '#ffffff') =>
  `<circle r="70" fill="${fill}" opacity="0.95"/><circle r="58" fill="none" stroke="#00000014" stroke-width="3"/>`;

const dots = (points: readonly [number, number][], r: number, fill: string) =>
  points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`).join('');

const ARTS: Record<string, Art> = {
  pizza: () =>
    `<circle r="66" fill="#e9b96e"/><circle r="56" fill="#d6452f"/><circle r="50" fill="#f6d776" opacity="0.85"/>` +
    dots([[-22, -18], [20, -26], [26, 16], [-14, 24], [0, -2]], 8, '#b22e1f') +
    dots([[-30, 4], [8, 30], [34, -6]], 4, '#3c8d2f'),
  pasta: () =>
    plate() +
    `<g fill="none" stroke="#f2c35b" stroke-width="6" stroke-linecap="round">` +
    `<path d="M-40 0c10-30 30-30 40 0s30 30 40 0"/><path d="M-36 -14c12-24 28-24 36 2s28 24 38-2"/>` +
    `<path d="M-34 14c10-22 26-22 34 2s26 22 36-2"/></g>` +
    dots([[-10, -6], [14, 10], [2, -24]], 7, '#c0392b'),
  curry: () =>
    plate() +
    `<circle r="44" fill="#e07b24"/><circle r="44" fill="url(#sheen)" opacity="0.4"/>` +
    dots([[-16, -10], [14, -14], [4, 14], [-20, 16], [22, 10]], 7, '#f5d3a1') +
    dots([[-4, -26], [26, -2]], 3, '#3c8d2f'),
  bowl: () =>
    `<path d="M-62 -6h124a62 62 0 0 1-124 0z" fill="#ffffff"/><path d="M-56 -6h112a56 50 0 0 1-112 0z" fill="#f4ede1"/>` +
    `<ellipse cy="-8" rx="58" ry="16" fill="#f3c26b"/>` +
    dots([[-28, -12], [-6, -14], [18, -10], [36, -14]], 7, '#7cb342') +
    dots([[-18, -4], [8, -4], [28, -2]], 5, '#e85d3f'),
  bread: () =>
    `<ellipse rx="64" ry="42" fill="#c98a3d"/><ellipse rx="56" ry="34" fill="#e0a65a"/>` +
    `<g stroke="#9c5d1e" stroke-width="5" stroke-linecap="round"><path d="M-30 -18l14 36M-4 -22l14 40M22 -18l12 32"/></g>`,
  drink: () =>
    `<path d="M-34 -56h68l-10 112h-48z" fill="#ffffff" opacity="0.9"/><path d="M-30 -30h60l-8 82h-44z" fill="#f5a623"/>` +
    `<rect x="6" y="-80" width="6" height="60" rx="3" fill="#e74c3c" transform="rotate(12)"/>` +
    dots([[-10, 0], [8, 20], [-4, 34]], 4, '#ffffff99'),
  sushi: () =>
    `<rect x="-70" y="-26" width="140" height="52" rx="10" fill="#3b3b3b"/>` +
    [-44, 0, 44]
      .map(
        (x) =>
          `<circle cx="${x}" r="20" fill="#1f3d2b"/><circle cx="${x}" r="15" fill="#fafafa"/>` +
          `<circle cx="${x}" r="7" fill="#f07b52"/>`,
      )
      .join(''),
  noodles: () =>
    `<path d="M-64 -10h128a64 58 0 0 1-128 0z" fill="#c0392b"/><ellipse cy="-10" rx="64" ry="16" fill="#f0d9a8"/>` +
    `<g fill="none" stroke="#f7e08a" stroke-width="4"><path d="M-40 -12c8 8 16-8 24 0s16 8 24 0 16-8 24 0"/></g>` +
    `<ellipse cx="24" cy="-14" rx="12" ry="8" fill="#fff"/><circle cx="24" cy="-14" r="5" fill="#f5b400"/>` +
    `<path d="M30 -90l-30 70M44 -86l-28 70" stroke="#8d6e63" stroke-width="5" stroke-linecap="round"/>`,
  dumpling: () =>
    plate() +
    [[-26, 10], [26, 10], [0, -22]]
      .map(
        ([x, y]) =>
          `<path transform="translate(${x} ${y})" d="M-24 6a24 20 0 0 1 48 0z" fill="#f7efe0" stroke="#d8c7a8" stroke-width="2"/>` +
          `<path transform="translate(${x} ${y})" d="M-12 -8l4 6M0 -12v7M12 -8l-4 6" stroke="#d8c7a8" stroke-width="2"/>`,
      )
      .join(''),
  soup: () =>
    `<path d="M-62 -8h124a62 56 0 0 1-124 0z" fill="#8d6e63"/><ellipse cy="-8" rx="62" ry="14" fill="#d4a15a"/>` +
    dots([[-22, -8], [6, -10], [28, -6]], 5, '#f5f5f5') +
    `<g fill="none" stroke="#ffffffaa" stroke-width="4" stroke-linecap="round"><path d="M-16 -40c-8-12 8-16 0-30M10 -40c-8-12 8-16 0-30"/></g>`,
  ribs: () =>
    plate() +
    `<rect x="-48" y="-26" width="96" height="52" rx="20" fill="#8b3a1a"/><rect x="-48" y="-26" width="96" height="52" rx="20" fill="#c0581f" opacity="0.55"/>` +
    [-30, -10, 10, 30].map((x) => `<rect x="${x - 3}" y="-36" width="6" height="72" rx="3" fill="#f3e5d0"/>`).join(''),
  burger: () =>
    `<path d="M-58 -6a58 46 0 0 1 116 0z" fill="#e6a04b"/>` +
    dots([[-24, -26], [0, -34], [22, -24], [-6, -16]], 3, '#fff6d5') +
    `<rect x="-62" y="-6" width="124" height="10" rx="5" fill="#5fb04b"/><rect x="-60" y="4" width="120" height="10" fill="#f7c948"/>` +
    `<rect x="-58" y="12" width="116" height="18" rx="9" fill="#6d3b1f"/><path d="M-58 30h116a10 10 0 0 1-10 14h-96a10 10 0 0 1-10-14z" fill="#e6a04b"/>`,
  fries: () =>
    [-30, -15, 0, 15, 30]
      .map((x, i) => `<rect x="${x - 5}" y="${-60 + (i % 2) * 10}" width="10" height="60" rx="3" fill="#f7c948"/>`)
      .join('') + `<path d="M-44 -8h88l-12 64h-64z" fill="#d63031"/><path d="M-20 10h40" stroke="#fff" stroke-width="6"/>`,
  salad: () =>
    plate() +
    dots([[-20, -14], [16, -20], [24, 14], [-12, 22], [2, 0], [-30, 8]], 16, '#6ab04c') +
    dots([[-6, -18], [20, 2], [-20, 14]], 8, '#e84118') +
    dots([[8, 20], [-26, -6]], 6, '#fbc531'),
  taco: () =>
    `<path d="M-66 20a66 62 0 0 1 132 0z" fill="#f6c453"/>` +
    dots([[-34, 4], [-12, -8], [12, -8], [34, 4]], 11, '#7cb342') +
    dots([[-22, 2], [0, -4], [22, 2]], 7, '#e84118') +
    `<path d="M-58 20a58 52 0 0 1 116 0" fill="none" stroke="#e0a63a" stroke-width="8"/>`,
  wrap: () =>
    `<g transform="rotate(-25)"><rect x="-64" y="-26" width="128" height="52" rx="26" fill="#f1d7a0"/>` +
    `<ellipse cx="58" rx="14" ry="24" fill="#7cb342"/><circle cx="58" cy="-6" r="6" fill="#e84118"/>` +
    `<path d="M-40 -26v52M-10 -26v52M20 -26v52" stroke="#d9b97a" stroke-width="3"/></g>`,
  skewer: () =>
    `<path d="M-76 30L76 -30" stroke="#8d6e63" stroke-width="5" stroke-linecap="round"/>` +
    [[-44, 17, '#8b3a1a'], [-16, 6, '#e84118'], [12, -5, '#8b3a1a'], [40, -16, '#6ab04c']]
      .map(([x, y, c]) => `<rect x="${Number(x) - 13}" y="${Number(y) - 15}" width="26" height="30" rx="8" fill="${c}"/>`)
      .join(''),
  pastry: () =>
    `<path d="M-64 10c10-40 40-56 64-56s54 16 64 56c-20 14-108 14-128 0z" fill="#d9902f"/>` +
    `<g fill="none" stroke="#a8631a" stroke-width="5" stroke-linecap="round"><path d="M-30 -30c6 16 6 30 0 42M0 -44v54M30 -30c-6 16-6 30 0 42"/></g>`,
  cake: () =>
    `<path d="M-60 40v-50l60-40 60 40v50z" fill="#f8e1c4"/><path d="M-60 -10l60-40 60 40z" fill="#ff8fa3"/>` +
    `<rect x="-60" y="8" width="120" height="10" fill="#ff8fa3"/><circle cy="-58" r="10" fill="#d63031"/>`,
};

export const FOOD_ART_KINDS = Object.keys(ARTS);

/** The drawing for a kind; an unknown kind falls back to a bowl rather than failing the seed. */
export function foodArt(kind: string): string {
  return (ARTS[kind] ?? ARTS.bowl ?? (() => ''))();
}
