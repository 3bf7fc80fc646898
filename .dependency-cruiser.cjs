/**
 * Import rules that `npm run check` enforces (dependency-cruiser): module faces, the layering
 * of the three programs, and no cycles. docs/architecture.md explains each rule.
 */
const MODULE = '^src/server/modules/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycle, between modules or between files.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment:
        'No cycle between server modules (a module and its sub-folders count as one; routes files are the HTTP layer above them all).',
      scope: 'folder',
      from: { path: '^src/server/modules/[^/]+$' },
      to: { circular: true, viaOnly: { path: '^src/server/modules/[^/]+$' } },
    },
    {
      name: 'module-face',
      severity: 'error',
      comment: 'A server module is entered only through its face (index.ts); routes files only from app.ts.',
      from: { path: MODULE },
      to: { path: MODULE, pathNot: ['^src/server/modules/$1/', '^src/server/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'server-outside-modules-through-faces',
      severity: 'error',
      comment:
        'Code outside the modules (bootstrap, seed, http) uses a module through its face; app.ts may also register routes.',
      from: { path: '^src/server/', pathNot: [MODULE, '^src/server/app\\.ts$'] },
      to: { path: MODULE, pathNot: '^src/server/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'app-registers-routes',
      severity: 'error',
      comment: 'app.ts takes faces and routes files, nothing else inside a module.',
      from: { path: '^src/server/app\\.ts$' },
      to: { path: MODULE, pathNot: ['^src/server/modules/[^/]+/index\\.ts$', '\\.routes\\.ts$'] },
    },
    {
      name: 'shared-stands-alone',
      severity: 'error',
      comment: 'src/shared is used by all three programs and imports none of them.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|admin|pda|api)/' },
    },
    {
      name: 'api-client-is-browser-only',
      severity: 'error',
      comment: 'The browser API client imports shared code only.',
      from: { path: '^src/api/' },
      to: { path: '^src/(server|admin|pda)/' },
    },
    {
      name: 'admin-and-pda-apart',
      severity: 'error',
      comment: 'The admin and the PDA never import each other or the server.',
      from: { path: '^src/admin/' },
      to: { path: '^src/(pda|server)/' },
    },
    {
      name: 'pda-and-admin-apart',
      severity: 'error',
      comment: 'The PDA never imports the admin or the server.',
      from: { path: '^src/pda/' },
      to: { path: '^src/(admin|server)/' },
    },
    {
      name: 'sandbox-stands-alone',
      severity: 'error',
      comment:
        "The sandbox imitates the platforms from their documents and imports nothing of the server, so a connector's mistake is caught, not mirrored.",
      from: { path: '^src/sandbox/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-browser',
      severity: 'error',
      comment: 'The server never imports browser code.',
      from: { path: '^src/server/' },
      to: { path: '^src/(admin|pda|api)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
