// Vite builds the React client from src/client into dist/client; in dev it proxies /api and /trpc
// to the Fastify server (scripts/dev.ts starts both).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';
import { readRoutes } from './scripts/bundle-size.ts';
import { type BundleGraph, planChunkGroups } from './scripts/chunk-groups.ts';
import { writePreloadMap } from './scripts/route-preloads.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset over 1 KB once the bundle is written, so
 * the server sends them precompressed (@fastify/static `preCompressed`) at no cost per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'opsdesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = fs
        .readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile() && /\.(js|css|html|svg|json|txt)$/.test(f.name))
        .map((f) => path.join(f.parentPath, f.name));
      await Promise.all(
        files.map(async (file) => {
          const data = fs.readFileSync(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          fs.writeFileSync(`${file}.br`, br);
          fs.writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** Writes the files each route needs (scripts/route-preloads.ts) for the server to announce in index.html. */
function routePreloads(): Plugin {
  let outDir = '';
  return {
    name: 'opsdesk-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writePreloadMap(outDir);
    },
  };
}

/**
 * Merges the shared chunks that always load together (scripts/chunk-groups.ts): a first build with
 * Rolldown's automatic split (not minified, not written) gives the chunk graph the plan is made from;
 * the real build then applies it as code-splitting groups.
 */
function chunkGroups(): Plugin {
  return {
    name: 'opsdesk-chunk-groups',
    apply: 'build',
    async config(config) {
      const root = path.resolve(config.root ?? '.');
      const result = await build({
        configFile: false,
        root,
        logLevel: 'silent',
        plugins: [react()],
        build: {
          write: false,
          minify: false,
          modulePreload: false,
          rolldownOptions: { input: path.join(root, 'index.html') },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
      const graph: BundleGraph = {};
      for (const item of outputs.flatMap((o) => o.output)) {
        if (item.type !== 'chunk') continue;
        graph[item.fileName] = {
          modules: item.moduleIds,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          facadeModuleId: item.facadeModuleId,
          isEntry: item.isEntry,
        };
      }
      const plan = planChunkGroups(graph, readRoutes(path.join(root, 'pages')), root);
      if (plan.groups.size === 0) throw new Error('chunk groups: the plan groups no module (module ids changed?)');
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: plan.names.map((name) => ({
                  name,
                  test: (id: string) => plan.groups.get(id) === name,
                  includeDependenciesRecursively: false,
                })),
              },
            },
          },
        },
      };
    },
  };
}

const POLYFILLS = fileURLToPath(new URL('./src/client/app/polyfills.ts', import.meta.url));

const apiPort = process.env.API_PORT ?? '3000';

export default defineConfig({
  root: 'src/client',
  plugins: [react(), chunkGroups(), routePreloads(), precompress()],
  resolve: {
    // Polyfills Primer imports eagerly, loaded only where the browser lacks the feature.
    alias: [
      { find: /^@oddbird\/popover-polyfill\/fn$/, replacement: POLYFILLS },
      { find: /^focus-visible$/, replacement: POLYFILLS },
    ],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // dist/client/.vite/manifest.json: scripts/bundle-size.ts follows it to size each route's JS.
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': `http://127.0.0.1:${apiPort}`,
      '/trpc': `http://127.0.0.1:${apiPort}`,
      '/healthz': `http://127.0.0.1:${apiPort}`,
    },
  },
});
