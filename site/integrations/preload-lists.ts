import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';

/**
 * Shorter preload lists for lazy chunks. At each dynamic import (a route's page, the sign-in SDK)
 * the bundle names every chunk the imported one needs, so the browser fetches them in parallel
 * (Vite's `build.modulePreload`). Those lists also named the chunks the importing chunk imports
 * itself — React, the router, the query client: already loaded by the time it runs, so
 * preloading them again did nothing. They are left out; what a lazy chunk still needs is listed as
 * before. In the member app's entry, 100 of the 197 preloads listed were of such chunks (0.15 KB
 * gzip of its first load).
 */
export function preloadLists(): AstroIntegration {
  /** Per chunk of the bundle being written: itself and every chunk it imports statically. */
  let loadedWith = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'otc-edge:preload-lists',
    apply: 'build',
    // Here rather than in the integration's Vite config, where Astro's own build settings replace
    // `build.modulePreload`.
    configEnvironment: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_file, deps, { hostId, hostType }) => {
            const loaded = hostType === 'js' ? loadedWith.get(hostId) : undefined;
            return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
          },
        },
      },
    }),
    // Before Vite writes the lists (its own generateBundle), from the chunks' static imports.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const imports = new Map<string, readonly string[]>();
        for (const [file, output] of Object.entries(bundle)) {
          if (output.type === 'chunk') imports.set(file, output.imports);
        }
        loadedWith = new Map();
        for (const file of imports.keys()) {
          const loaded = new Set<string>();
          const pending = [file];
          for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
            if (loaded.has(next)) continue;
            loaded.add(next);
            pending.push(...(imports.get(next) ?? []));
          }
          loadedWith.set(file, loaded);
        }
      },
    },
  };
  return {
    name: 'otc-edge:preload-lists',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [plugin] } });
      },
    },
  };
}
