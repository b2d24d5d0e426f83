import { describe, expect, it } from 'vitest';
import type { RouteInfo } from './bundle-size.ts';
import { type BundleGraph, planChunkGroups } from './chunk-groups.ts';

const root = '/app/src/client';
const m = (name: string) => `${root}/${name}`;

function route(name: string, module: string, layout: 'blank' | 'default' = 'default'): RouteInfo {
  return {
    name,
    path: `/${name}`,
    layout,
    module,
    auto: false,
    aliases: [],
    guestOnly: layout === 'blank',
    public: false,
    ns: [],
  };
}

// A small app as Rolldown splits it automatically: the entry, a login page, the signed-in layout, two
// list pages, a form page outside the list frame that shares one list module, and a dashboard. What the
// entry shares with the lazily loaded chunks leaves the entry's chunk (rolldown#10731), as React here.
const graph: BundleGraph = {
  'index.js': {
    modules: [m('main.tsx')],
    imports: ['React.js'],
    dynamicImports: ['Login.js', 'Layout.js', 'A.js', 'B.js', 'Perform.js', 'Dash.js'],
    facadeModuleId: m('main.tsx'),
    isEntry: true,
  },
  'React.js': { modules: [m('react.js')], imports: [], dynamicImports: [], facadeModuleId: null, isEntry: false },
  'Button.js': { modules: [m('Button.tsx')], imports: [], dynamicImports: [], facadeModuleId: null, isEntry: false },
  'Auth.js': { modules: [m('AuthCard.tsx')], imports: [], dynamicImports: [], facadeModuleId: null, isEntry: false },
  'Login.js': {
    modules: [m('pages/auth/Login.tsx')],
    imports: ['React.js', 'Button.js', 'Auth.js'],
    dynamicImports: ['Help.js'],
    facadeModuleId: m('pages/auth/Login.tsx'),
    isEntry: false,
  },
  'Help.js': {
    modules: [m('HelpDialog.tsx')],
    imports: ['Button.js'],
    dynamicImports: [],
    facadeModuleId: m('HelpDialog.tsx'),
    isEntry: false,
  },
  'Nav.js': {
    modules: [m('Navbar.tsx'), m('Menu.tsx')],
    imports: ['Button.js'],
    dynamicImports: [],
    facadeModuleId: null,
    isEntry: false,
  },
  'Icon.js': { modules: [m('GearIcon.js')], imports: [], dynamicImports: [], facadeModuleId: null, isEntry: false },
  'Layout.js': {
    modules: [m('shell/DefaultLayout.tsx')],
    imports: ['React.js', 'Button.js', 'Nav.js', 'Icon.js'],
    dynamicImports: [],
    facadeModuleId: m('shell/DefaultLayout.tsx'),
    isEntry: false,
  },
  'ListPage.js': {
    modules: [m('components/ListPage/ListPage.tsx'), m('DataTable.tsx')],
    imports: ['Button.js'],
    dynamicImports: [],
    facadeModuleId: null,
    isEntry: false,
  },
  'Bidi.js': { modules: [m('Bidi.tsx')], imports: [], dynamicImports: [], facadeModuleId: null, isEntry: false },
  'A.js': {
    modules: [m('pages/A.tsx')],
    imports: ['ListPage.js', 'Bidi.js'],
    dynamicImports: [],
    facadeModuleId: m('pages/A.tsx'),
    isEntry: false,
  },
  'B.js': {
    modules: [m('pages/B.tsx')],
    imports: ['ListPage.js', 'Bidi.js'],
    dynamicImports: [],
    facadeModuleId: m('pages/B.tsx'),
    isEntry: false,
  },
  'Perform.js': {
    modules: [m('pages/Perform.tsx')],
    imports: ['Bidi.js'],
    dynamicImports: [],
    facadeModuleId: m('pages/Perform.tsx'),
    isEntry: false,
  },
  'Dash.js': {
    modules: [m('pages/Dash.tsx')],
    imports: ['Icon.js'],
    dynamicImports: [],
    facadeModuleId: m('pages/Dash.tsx'),
    isEntry: false,
  },
};
const routes = [
  route('login', 'auth/Login', 'blank'),
  route('a', 'A'),
  route('b', 'B'),
  route('perform', 'Perform'),
  route('dash', 'Dash'),
];

describe('planChunkGroups', () => {
  const plan = planChunkGroups(graph, routes, root);
  const groupOf = (name: string) => plan.groups.get(m(name));

  it('merges what the login page and the layout both load into `base`, and the rest of the layout into `shell`', () => {
    expect(groupOf('Button.tsx')).toBe('base');
    expect(groupOf('Navbar.tsx')).toBe('shell');
    expect(groupOf('Menu.tsx')).toBe('shell');
    expect(groupOf('GearIcon.js')).toBe('shell');
  });

  it('splits what every list page loads by the other pages that load it too', () => {
    // ListPage + DataTable: only list pages. Bidi: list pages and the perform page.
    expect(groupOf('components/ListPage/ListPage.tsx')).toBe(groupOf('DataTable.tsx'));
    expect(groupOf('Bidi.tsx')).toMatch(/^frame/);
    expect(groupOf('Bidi.tsx')).not.toBe(groupOf('DataTable.tsx'));
    expect(plan.names).toEqual(['entry', 'base', 'shell', 'frame', 'frame-1']);
  });

  it('gathers what the entry loads in one `entry` chunk, even what lazily loaded chunks share with it', () => {
    expect(groupOf('react.js')).toBe('entry');
  });

  it('leaves the entry module, lazily loaded modules and what only signed-out pages load alone', () => {
    for (const name of [
      'main.tsx',
      'AuthCard.tsx',
      'HelpDialog.tsx',
      'pages/A.tsx',
      'pages/auth/Login.tsx',
      'shell/DefaultLayout.tsx',
    ]) {
      expect(groupOf(name), name).toBeUndefined();
    }
  });

  it('never makes a route load a module it did not load before', () => {
    const chunkOf = new Map<string, string>();
    for (const [file, chunk] of Object.entries(graph))
      for (const id of chunk.modules) chunkOf.set(id, plan.groups.get(id) ?? file);
    const closure = (files: string[]) => {
      const seen = new Set<string>();
      const stack = [...files];
      while (stack.length) {
        const file = stack.pop()!;
        if (!seen.has(file)) stack.push(...graph[(seen.add(file), file)].imports);
      }
      return new Set([...seen].flatMap((file) => graph[file].modules));
    };
    for (const r of routes) {
      const before = closure([`${r.module.split('/').pop()}.js`, ...(r.layout === 'default' ? ['Layout.js'] : [])]);
      const loadedChunks = new Set([...before].map((id) => chunkOf.get(id)));
      const after = new Set([...chunkOf].filter(([, chunk]) => loadedChunks.has(chunk)).map(([id]) => id));
      expect(
        [...after].filter((id) => !before.has(id)),
        r.name,
      ).toEqual([]);
    }
  });
});
