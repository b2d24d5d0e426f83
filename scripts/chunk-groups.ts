// Fewer, larger shared chunks for the signed-in pages, without making any route load more code.
//
// Rolldown's automatic splitting gives every set of modules shared by a different set of pages its own
// chunk. With ~70 routes that made ~110 scripts for a cold list page (many under 1 KB): each one a
// request queued on the browser's six connections and a preload the parser issues, so the entry ran
// only after ~640 ms on localhost (issue 10). This plan keeps the split exact for every route and merges
// only what always travels together:
//   - `entry`: every module the entry loads. Rolldown moves each one a lazily loaded chunk also imports
//              into a chunk of its own although the entry has always loaded it first (rolldown#10731):
//              ~20 files of 1 KB before the first render, in the HTML as many modulepreloads.
//   - `base`:  what the login page and the signed-in layout both load (React, Primer basics...). The
//              login page loads all of it already, and so does every signed-in page.
//   - `shell`: what the signed-in layout loads besides, and no signed-out page does.
//   - `frame`, `frame-1`...: what every list page loads (ListPage, DataTable, FormDialog...), split by
//              which other pages load it too, so a page outside the list frame (perform, dashboards) loads
//              only the parts it used before.
// Everything else keeps Rolldown's automatic chunks. The plan is made from a first build with the
// automatic split (its chunk graph is the exact, tree-shaken "which route loads what"), then applied as
// `codeSplitting.groups` with `includeDependenciesRecursively: false` (vite.config.ts chunkGroups).
// Since a module's static imports are loaded by every route that loads it, a group never imports a
// chunk that imports it back.
import path from 'node:path';
import type { RouteInfo } from './bundle-size.ts';

/** The output of a build, as far as the plan needs it (module ids absolute, as Rolldown gives them). */
export interface BundleGraph {
  [fileName: string]: {
    modules: string[];
    /** Chunks this chunk imports statically. */
    imports: string[];
    dynamicImports: string[];
    facadeModuleId: string | null;
    isEntry: boolean;
  };
}

export interface ChunkPlan {
  /** Module id → group (chunk) name, for the modules that leave their automatic chunk. */
  groups: Map<string, string>;
  /** Group names in a stable order. */
  names: string[];
}

/**
 * The group of each module that should leave its automatic chunk. `root` is the client's source folder
 * (src/client): pages are `<root>/pages/<module>.tsx`, the layout `<root>/shell/DefaultLayout.tsx`, the
 * list frame `<root>/components/ListPage/ListPage.tsx`.
 */
export function planChunkGroups(graph: BundleGraph, routes: RouteInfo[], root: string): ChunkPlan {
  const byFacade = new Map<string, string>();
  for (const [file, chunk] of Object.entries(graph)) if (chunk.facadeModuleId) byFacade.set(chunk.facadeModuleId, file);
  const chunkOf = (module: string) => {
    const file = byFacade.get(module);
    if (!file) throw new Error(`chunk groups: no chunk for ${module}`);
    return file;
  };
  const entry = Object.keys(graph).find((file) => graph[file].isEntry);
  if (!entry) throw new Error('chunk groups: the build has no entry chunk');
  /** Files loaded with `starts` (static imports), plus what they load lazily when `lazy` (not the routes). */
  const closure = (starts: string[], lazy = false) => {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...graph[file].imports, ...(lazy && file !== entry ? graph[file].dynamicImports : []));
    }
    return seen;
  };
  const modulesOf = (files: Iterable<string>) => {
    const modules = new Set<string>();
    for (const file of files) for (const id of graph[file].modules) modules.add(id);
    return modules;
  };

  const layoutChunk = chunkOf(path.join(root, 'shell/DefaultLayout.tsx'));
  const listFrame = path.join(root, 'components/ListPage/ListPage.tsx');
  const entryModules = modulesOf(closure([entry]));
  const layoutModules = modulesOf(closure([layoutChunk]));

  const signedOut = (route: RouteInfo) => route.layout === 'blank' || route.auto;
  const pages = routes.map((route) => {
    const page = chunkOf(path.join(root, 'pages', `${route.module}.tsx`));
    const files = closure(signedOut(route) ? [page] : [page, layoutChunk]);
    return { route, modules: modulesOf(files), page };
  });
  const login = pages.find((p) => p.route.name === 'login');
  if (!login) throw new Error('chunk groups: no login route');
  // Whatever a signed-out page may load, now or later (its lazy parts too), stays as it is, except `base`.
  const outside = modulesOf(
    closure(
      pages.filter((p) => signedOut(p.route)).map((p) => p.page),
      true,
    ),
  );
  const listPages = pages.filter((p) => p.modules.has(listFrame));
  const otherPages = pages.filter((p) => !p.modules.has(listFrame));

  const keys = new Map<string, string>();
  for (const id of modulesOf(Object.keys(graph))) {
    // A lazily loaded module (page, layout, strings) keeps its own chunk: the manifest and the preloads
    // name it by its source.
    if (byFacade.has(id)) continue;
    if (entryModules.has(id)) {
      keys.set(id, 'entry');
      continue;
    }
    if (layoutModules.has(id)) {
      if (login.modules.has(id)) keys.set(id, 'base');
      else if (!outside.has(id)) keys.set(id, 'shell');
      continue;
    }
    if (outside.has(id) || listPages.length === 0 || !listPages.every((p) => p.modules.has(id))) continue;
    keys.set(
      id,
      `frame:${otherPages
        .filter((p) => p.modules.has(id))
        .map((p) => p.route.name)
        .join(',')}`,
    );
  }
  // Frame groups named by how many other pages share them (most shared first), then by key: stable.
  const frameKeys = [...new Set([...keys.values()].filter((k) => k.startsWith('frame:')))].sort(
    (a, b) => b.split(',').length - a.split(',').length || a.localeCompare(b),
  );
  const frameName = new Map(frameKeys.map((key, i) => [key, i === 0 ? 'frame' : `frame-${i}`]));
  const groups = new Map<string, string>();
  for (const [id, key] of keys) groups.set(id, frameName.get(key) ?? key);
  const names = [
    ...['entry', 'base', 'shell'].filter((n) => [...keys.values()].includes(n)),
    ...frameKeys.map((k) => frameName.get(k)!),
  ];
  return { groups, names };
}
