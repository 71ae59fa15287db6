import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The package registry these machines use lacks some other-platform builds (e.g. Biome's and
 * Astro's compiler binaries for macOS/Windows/arm). `npm install` then leaves them out of
 * package-lock.json and `npm ci` refuses the lock as out of sync. This adds the entries npm writes
 * against the full registry: optional, restricted to their platform, so `npm ci` skips them here
 * and fetches them on the platform they are for. Run it after changing dependencies
 * (`npm run lock:complete`); a unit test fails while an entry is missing.
 */
type Entry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};
type Lock = { packages: Record<string, Entry> };

const OS = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'sunos', 'aix', 'wasi'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'riscv64', 's390x', 'ppc64', 'loong64'];

/** Platform fields from a binary package's name: "cli-linux-x64-musl" → linux / x64 / musl. */
export function platformOf(name: string): Pick<Entry, 'os' | 'cpu' | 'libc'> {
  const parts = name.split('/').at(-1)?.split('-') ?? [];
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = parts.includes('musl')
    ? 'musl'
    : parts.includes('gnu') || os === 'linux'
      ? 'glibc'
      : undefined;
  return {
    ...(os && os !== 'wasi' ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(os === 'linux' && libc ? { libc: [libc] } : {}),
  };
}

export function missingOptionalEntries(lock: Lock): Record<string, Entry> {
  const added: Record<string, Entry> = {};
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${location}/node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[hoisted] || added[hoisted]) continue;
      added[hoisted] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platformOf(name) };
    }
  }
  return added;
}

if (import.meta.main) {
  const file = fileURLToPath(new URL('../package-lock.json', import.meta.url));
  const lock = JSON.parse(readFileSync(file, 'utf8')) as Lock;
  const added = missingOptionalEntries(lock);
  const sorted = Object.fromEntries(
    Object.entries({ ...lock.packages, ...added }).sort(([a], [b]) =>
      a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1,
    ),
  );
  writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
  console.log(`package-lock.json: ${Object.keys(added).length} platform entries added`);
}
