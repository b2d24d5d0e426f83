// Import rules ESLint cannot check (cycles, folder boundaries), run by `npm run lint` after ESLint.
// Edit when a bounded context, an app, a page area or an exemption changes; ARCHITECTURE.md names the rules.
//
// Type-only imports count: `tsPreCompilationDeps` keeps `import type` edges in the graph. A cycle of
// types still ties modules together (neither can be read, moved or tested alone), and entities that
// name each other in relations are the cycle this rule is meant to see, whichever import form they use.

/** The bounded contexts of src/server/domains (each folder holds one context's domains). */
const CONTEXT = '^src/server/domains/([^/]+)/';
/** A domain folder inside its context (`workflow/tasks`); its subfolders belong to it. */
const DOMAIN = '^src/server/domains/([^/]+)/([^/]+)/';
const TEST_FILE = '\\.test\\.tsx?$';
const TEST_SUITE = '\\.suite\\.ts$';
const ENTITY = '\\.entity\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles (ARCHITECTURE.md): compose in app.ts, make dependencies run one way.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-not-to-domains',
      severity: 'error',
      comment: 'src/server/lib is the kernel every context may use; it imports no domain.',
      from: { path: '^src/server/lib/' },
      to: { path: '^src/server/domains/' },
    },
    {
      name: 'domain-boundary',
      severity: 'error',
      comment:
        'A domain owns its folder: other domains import only its *.service.ts (authorized entry points) and ' +
        '*.refs.ts (lookups for other domains that never authorize); inputs and outputs live in src/shared/schemas.',
      from: { path: DOMAIN, pathNot: [ENTITY, TEST_FILE, TEST_SUITE] },
      to: { path: '^src/server/domains/', pathNot: ['^src/server/domains/$1/$2/', '\\.(service|refs)\\.ts$'] },
    },
    {
      name: 'entity-relations-only',
      severity: 'error',
      comment:
        "An entity may name another context's entity for a foreign key (the ORM maps the relation and the " +
        'migration keeps the constraint), and nothing else of that context.',
      from: { path: `${CONTEXT}.*${ENTITY}` },
      to: { path: '^src/server/domains/[^/]+/', pathNot: ['^src/server/domains/$1/', ENTITY] },
    },
    {
      name: 'app-boundary',
      severity: 'error',
      comment:
        "Demo apps are independent of each other; they may share only apps/provision's service, and their " +
        "entities may name provision's owner entity (demo_tenants) for a foreign key.",
      from: { path: '^src/server/domains/apps/([^/]+)/' },
      to: {
        path: '^src/server/domains/apps/[^/]+/',
        pathNot: [
          '^src/server/domains/apps/$1/',
          '^src/server/domains/apps/provision/[^/]+\\.service\\.ts$',
          '^src/server/domains/apps/provision/[^/]+\\.entity\\.ts$',
        ],
      },
    },
    {
      name: 'app-boundary-entities',
      severity: 'error',
      comment: "Only an entity may import provision's entities (a foreign key to the owner of a demo copy).",
      from: {
        path: '^src/server/domains/apps/[^/]+/',
        pathNot: [ENTITY, TEST_FILE, '^src/server/domains/apps/provision/'],
      },
      to: { path: '^src/server/domains/apps/provision/[^/]+\\.entity\\.ts$' },
    },
    {
      name: 'client-not-to-server',
      severity: 'error',
      comment:
        'The client imports from the server only the AppRouter type (src/server/trpc/router.ts). Tests and ' +
        'src/client/testing may use the server test harness.',
      from: { path: '^src/client/', pathNot: [TEST_FILE, '^src/client/testing/'] },
      to: { path: '^src/server/', pathNot: '^src/server/trpc/router\\.ts$' },
    },
    {
      name: 'client-router-type-only',
      severity: 'error',
      comment: 'AppRouter is a type; importing router.ts as a value would bundle the server.',
      from: { path: '^src/client/', pathNot: [TEST_FILE, '^src/client/testing/'] },
      to: { path: '^src/server/trpc/router\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-testing-to-harness-only',
      severity: 'error',
      comment: 'Client test helpers may use the server test harness (src/server/testing), nothing else of the server.',
      from: { path: '^src/client/testing/' },
      to: { path: '^src/server/', pathNot: ['^src/server/testing/', '^src/server/trpc/router\\.ts$'] },
    },
    {
      name: 'page-area-boundary',
      severity: 'error',
      comment: 'pages/<a> never imports pages/<b>: shared parts go to src/client/components or lib.',
      from: { path: '^src/client/pages/([^/]+)/' },
      to: { path: '^src/client/pages/', pathNot: '^src/client/pages/$1/' },
    },
    {
      name: 'shared-standalone',
      severity: 'error',
      comment: 'src/shared is used by client and server alike and imports neither.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
  ],
  options: {
    // Only our own code is cruised; packages are neither followed nor listed.
    includeOnly: '^(src|seed|scripts|bench)/',
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
