/**
 * Renders the app icons of the web app manifest from one drawing, in Debian's Chromium:
 *
 *   npx tsx scripts/make-icons.ts
 *
 * Writes web/public/icons/{icon-192,icon-512,maskable-512,apple-touch-icon}.png. The
 * drawing is web/public/favicon.svg's: three columns of a board on the brand blue. The
 * maskable icon fills its square and keeps the columns inside the 80% safe zone, so a
 * phone's round or squircle mask never cuts them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchBrowser } from '../tests/support/browser.ts';

const OUT = join(import.meta.dirname, '..', 'web', 'public', 'icons');
const BLUE = '#2f5fd0';

/** The board glyph in a 64-unit box; `inset` shrinks it around the centre (maskable safe zone). */
function drawing(rounded: boolean, inset: number): string {
  const scale = 1 - inset * 2;
  const offset = 32 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" ${rounded ? 'rx="14"' : ''} fill="${BLUE}"/>
  <g fill="#fff" transform="translate(${offset} ${offset}) scale(${scale})">
    <rect x="12" y="14" width="11" height="36" rx="3"/>
    <rect x="27" y="14" width="11" height="24" rx="3"/>
    <rect x="42" y="14" width="11" height="30" rx="3"/>
  </g>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: drawing(true, 0) },
  { file: 'icon-512.png', size: 512, svg: drawing(true, 0) },
  { file: 'maskable-512.png', size: 512, svg: drawing(false, 0.12) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: drawing(false, 0.06) },
];

const browser = await launchBrowser();
try {
  await mkdir(OUT, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const src = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${src}" width="${icon.size}" height="${icon.size}">`,
    );
    await page.locator('img').evaluate((img: { decode(): Promise<void> }) => img.decode());
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    await writeFile(join(OUT, icon.file), png);
    console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
