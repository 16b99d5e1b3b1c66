// A relative path: Vite bundles its config's relative imports, and the contract package is TypeScript source.

import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { LANGUAGES } from '../../../packages/contract/src/languages.ts';

/**
 * The screens a visit usually starts on (the tab bar's), with the module of each, so the page can start fetching
 * the screen's chunk together with the app instead of after it has run. The build fails if one is not a chunk.
 */
const FIRST_SCREENS: Record<string, string> = {
  '/': 'src/app/HomeScreen.tsx',
  '/machine': 'src/features/machine/MachineScreen.tsx',
  '/me': 'src/features/me/MeScreen.tsx',
  '/ecology': 'src/features/ecology/EcologyScreen.tsx',
};

/** The chunk of each first screen with the chunks it imports statically, minus what the entry loads anyway. */
function screenChunks(ctx: IndexHtmlTransformContext): Record<string, string[]> {
  const bundle = ctx.bundle ?? {};
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('app-shell: the bundle has no entry chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const loaded = new Set<string>();
  const walk = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) walk(dep, into);
  };
  walk(entry.fileName, loaded);
  const map: Record<string, string[]> = {};
  for (const [path, module] of Object.entries(FIRST_SCREENS)) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`));
    if (!chunk) throw new Error(`app-shell: ${module} (${path}) is not a chunk of its own`);
    const files = new Set<string>();
    walk(chunk.fileName, files);
    map[path] = [...files].filter((f) => !loaded.has(f));
  }
  return map;
}

/**
 * Two things index.html does before the app's JavaScript has arrived, which on a phone's network is seconds:
 * - it paints the app's frame (the header with the brand, grey placeholders), language-neutral, in the
 *   chosen language's direction, so the visitor sees the app at once; React replaces it when it renders;
 * - it asks for the current screen's chunk alongside the entry (modulepreload), saving a round trip.
 */
export function appShell(): Plugin {
  const rtl = LANGUAGES.filter((l) => l.rtl).map((l) => l.code);
  return {
    name: 'aidf-app-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const screens = JSON.stringify(screenChunks(ctx));
        const early = `<script>(function(){try{var l=localStorage.getItem('localLan');if(${JSON.stringify(rtl)}.indexOf(l)>=0)document.documentElement.dir='rtl'}catch(e){}var f=${screens}[location.pathname]||[];for(var i=0;i<f.length;i++){var k=document.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href='/'+f[i];document.head.appendChild(k)}})()</script>`;
        const shell =
          '<div class="app-column" aria-busy="true"><header class="app-header"><div class="header-row">' +
          '<div class="header-side"><span class="brand-mark"><img src="/favicon.svg" alt="" width="30" height="30"></span></div>' +
          '<div></div><div></div></div><div class="account-strip"></div></header>' +
          '<main class="app-main"><div class="stack"><div class="skeleton skeleton-card"></div>' +
          '<div class="skeleton skeleton-line"></div><div class="skeleton skeleton-line"></div></div></main></div>';
        if (!html.includes('<div id="root"></div>')) throw new Error('app-shell: index.html has no empty #root');
        return html
          .replace('</head>', `${early}</head>`)
          .replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
      },
    },
  };
}
