/**
 * For the web's and the console's DOM tests: Testing Library's findBy… and waitFor give up after 1 s by default, and a
 * step that lazily loads the wallet's modules took longer than that on a loaded machine (the unit tests share the
 * cores with the type check). They return as soon as what they wait for shows, so a longer limit costs nothing.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}
