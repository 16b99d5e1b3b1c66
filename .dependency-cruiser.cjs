// The server's layers and the import graph of every workspace, checked in `npm run lint` (docs/architecture.md
// "Layers"). A rule here states the direction; the fix for a violation is to move the shared piece down, or to pass
// a value in, never to add an exception.
const SERVER = '^apps/server/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle (type-only imports count): modules in one load in an order nobody chose.',
      from: { path: '^(apps|packages|e2e|bench)/' },
      to: { circular: true },
    },
    {
      name: 'domain-looks-down',
      severity: 'error',
      comment: 'domain/ holds the rules: it knows nothing of HTTP, of the background work or of the entry points.',
      from: { path: `${SERVER}domain/` },
      to: { path: `${SERVER}(http|jobs|cli|dev)/|${SERVER}(main|index|config)\\.ts$` },
    },
    {
      name: 'chain-below-domain',
      severity: 'error',
      comment:
        'chain/ talks to the chains: it takes its settings as values (chain/types.ts), never the domain or config.',
      from: { path: `${SERVER}chain/` },
      to: { path: `${SERVER}(domain|http|jobs|cli|dev)/|${SERVER}(main|index|config)\\.ts$` },
    },
    {
      name: 'db-at-the-bottom',
      severity: 'error',
      comment: 'db/ holds the tables and their SQL: it imports no layer above it.',
      from: { path: `${SERVER}db/` },
      to: { path: `${SERVER}(domain|chain|http|jobs|cli|dev)/|${SERVER}(main|index|config)\\.ts$` },
    },
    {
      name: 'jobs-below-http',
      severity: 'error',
      comment: 'jobs/ run the domain on a clock: they answer no request.',
      from: { path: `${SERVER}jobs/` },
      to: { path: `${SERVER}(http|cli|dev)/|${SERVER}(main|index)\\.ts$` },
    },
    {
      name: 'http-below-the-entry-points',
      severity: 'error',
      comment: 'http/ serves requests: the command line and the process start sit above it.',
      from: { path: `${SERVER}http/` },
      to: { path: `${SERVER}cli/|${SERVER}(main|index)\\.ts$` },
    },
  ],
  options: {
    includeOnly: '^(apps|packages|e2e|bench)/',
    exclude: { path: '(^|/)(node_modules|dist)/' },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are part of the graph: a cycle of types is still a tangle of modules.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    cache: false,
  },
};
