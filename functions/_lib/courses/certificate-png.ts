import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { certificateImageSvg, IMAGE_FONT_FAMILY } from './certificate-image-svg.ts';
import type { CertificateRecord } from './progress-keys.ts';

/**
 * Rasterises the certificate's preview with resvg's WebAssembly build: one portable file, where the
 * native addon needs a binary per platform that the bundle cannot carry. A function has no system
 * fonts, so the renderer gets the DejaVu Sans files shipped in fonts/ (netlify.toml `included_files`).
 * The wasm and the fonts are read once per function instance, on the first image asked for.
 */

const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'];
const FONT_DIR = 'functions/_lib/courses/fonts';

let ready: Promise<Uint8Array[]> | undefined;

export async function certificatePng(record: CertificateRecord): Promise<Uint8Array> {
  const fontBuffers = await load();
  const renderer = new Resvg(certificateImageSvg(record), {
    font: { fontBuffers, defaultFontFamily: IMAGE_FONT_FAMILY, sansSerifFamily: IMAGE_FONT_FAMILY },
    fitTo: { mode: 'original' },
  });
  try {
    const image = renderer.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    renderer.free();
  }
}

function load(): Promise<Uint8Array[]> {
  ready ??= (async () => {
    // The package ships beside the bundle (netlify.toml `external_node_modules`), so Node resolves
    // its wasm file from here, unbundled and bundled alike.
    const wasm = createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
    const dir = fontDir();
    const [module, ...fonts] = await Promise.all([
      readFile(wasm),
      ...FONT_FILES.map((file) => readFile(path.join(dir, file))),
    ]);
    await initWasm(module as Buffer);
    return fonts.map((font) => new Uint8Array(font));
  })();
  // A failed start (a missing file) is tried again on the next request rather than remembered.
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

/**
 * Where the fonts are: beside this file in the repository (local server, tests), or, in a deployed
 * bundle, under the function's root where `included_files` puts them at their repository path.
 * Walking up from the running file finds them in either layout.
 */
function fontDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const beside = path.join(here, 'fonts');
  if (existsSync(path.join(beside, FONT_FILES[0] as string))) return beside;
  const roots = [process.env.LAMBDA_TASK_ROOT, process.cwd()].filter((r): r is string => Boolean(r));
  for (let dir = here; ; dir = path.dirname(dir)) {
    roots.push(dir);
    if (path.dirname(dir) === dir) break;
  }
  for (const root of roots) {
    const candidate = path.join(root, FONT_DIR);
    if (existsSync(path.join(candidate, FONT_FILES[0] as string))) return candidate;
  }
  throw new Error(`The certificate image's fonts are not in ${FONT_DIR} (netlify.toml included_files)`);
}
