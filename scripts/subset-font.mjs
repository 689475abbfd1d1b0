/**
 * Runs before `astro build` and `astro dev` (the npm scripts do it): cuts the Inter
 * variable font from @fontsource-variable down to what this site sets in type.
 *
 * Why: the font is preloaded, so every byte of it competes with the HTML, the
 * stylesheet and the first image on a phone's connection. The package's "latin"
 * file (48 KB) carries every weight from 100 to 900 and ~250 glyphs; the pages use
 * weights 400–800 and English text. Keeping those cuts the file from 48 to 29 KB.
 *
 * Characters outside the subset (a lead's name in another script, say) still show:
 * the browser draws them with the next family of the stack (system-ui, Arial).
 *
 * Output: .generated/inter-subset-wght.woff2 (not committed; rebuilt when missing
 * or older than its source or this script).
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const root = process.cwd();
const source = path.join(root, "node_modules", "@fontsource-variable", "inter", "files", "inter-latin-wght-normal.woff2");
const output = path.join(root, ".generated", "inter-subset-wght.woff2");

/** The lightest and heaviest weights in the stylesheet (font-normal … font-extrabold). */
const WEIGHT_RANGE = { min: 400, max: 800 };

const RANGES = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0xff], // Latin-1: no-break space, ©, °, ·, §, and the accented letters of names (3 KB)
  [0x2010, 0x2027], // dashes, curly quotes, bullet, ellipsis
  [0x2030, 0x203a], // per mille, primes, single guillemets
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212], // minus
];

function upToDate() {
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return built >= statSync(source).mtimeMs && built >= statSync(fileURLToPath(import.meta.url)).mtimeMs;
}

if (upToDate()) {
  console.log(`font subset: ${path.relative(root, output)} is up to date`);
} else {
  let text = "";
  for (const [from, to] of RANGES) for (let code = from; code <= to; code += 1) text += String.fromCodePoint(code);
  const original = readFileSync(source);
  const subset = await subsetFont(original, text, { targetFormat: "woff2", variationAxes: { wght: WEIGHT_RANGE } });
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, subset);
  console.log(`font subset: ${path.relative(root, output)} ${subset.length} bytes (from ${original.length})`);
}
