// A relative path: Vite bundles its config's relative imports, and the contract package is TypeScript source.

import fs from 'node:fs';
import path from 'node:path';
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
  '/ecology': 'src/features/team/TeamScreen.tsx',
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
 * What a first screen other than home waits for besides its chunk: all of English (i18n loadAllMessages fetches
 * it), and the chosen language's messages, a chunk per language. Fetched alongside the entry as well.
 */
function messageFiles(ctx: IndexHtmlTransformContext) {
  const files = Object.values(ctx.bundle ?? {});
  const english = files.find(
    (f) => f.type === 'asset' && f.originalFileNames.some((n) => n.endsWith('locales/en.json')),
  );
  if (!english) throw new Error('app-shell: all of English (locales/en.json) is not an asset of its own');
  const byLanguage: Record<string, string> = {};
  for (const f of files) {
    const code = f.type === 'chunk' ? /\/locales\/(\w+)\.json$/.exec(f.facadeModuleId ?? '')?.[1] : undefined;
    if (code) byLanguage[code] = f.fileName;
  }
  return { english: english.fileName, byLanguage };
}

/**
 * The brand mark drawn inline: the frame's first paint then has content (an image), not only grey placeholders,
 * so it counts as the first contentful paint without waiting for a request or the app's JavaScript.
 */
function inlineBrand(ctx: IndexHtmlTransformContext) {
  const svg = fs.readFileSync(path.join(path.dirname(ctx.filename), 'public', 'favicon.svg'), 'utf8').trim();
  if (!svg.startsWith('<svg')) throw new Error('app-shell: public/favicon.svg is not an SVG');
  // Its ids are the page's while the frame shows: prefixed so nothing else can match them.
  return svg
    .replace('<svg', '<svg width="30" height="30" aria-hidden="true"')
    .replace(/id="(\w+)"/g, 'id="shell-$1"')
    .replace(/url\(#(\w+)\)/g, 'url(#shell-$1)');
}

/**
 * The entry's stylesheet, written into the page: the frame then paints as soon as the HTML has arrived, not after a
 * render-blocking request that shares a slow network with the app's JavaScript (~4 KB compressed with the page).
 * The screens' own stylesheets still come with their chunks.
 */
function inlineEntryStylesheet(html: string, ctx: IndexHtmlTransformContext) {
  const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(html);
  if (!link?.[1]) throw new Error("app-shell: index.html links no stylesheet of the entry's");
  const asset = ctx.bundle?.[link[1]];
  if (asset?.type !== 'asset') throw new Error(`app-shell: ${link[1]} is not in the bundle`);
  const css = String(asset.source);
  if (css.includes('</style')) throw new Error('app-shell: the stylesheet would close its own <style>');
  return html.replace(link[0], `<style>${css}</style>`);
}

/**
 * Three things index.html does before the app's JavaScript has arrived, which on a phone's network is seconds:
 * - it paints the app's frame (the header with the brand, grey placeholders), language-neutral, in the
 *   chosen language's direction, so the visitor sees the app at once; React replaces it when it renders;
 * - it asks for the current screen's chunk alongside the entry (modulepreload), saving a round trip;
 * - it carries the entry's stylesheet, so that paint waits for no request.
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
        const { english, byLanguage } = messageFiles(ctx);
        // Before the app: the direction; the screen's chunks and the chosen language's messages (modulepreload);
        // all of English for a first screen other than home (preload as the fetch i18n makes).
        const early =
          `<script>(function(){var l=null;try{l=localStorage.getItem('localLan')}catch(e){}` +
          `if(${JSON.stringify(rtl)}.indexOf(l)>=0)document.documentElement.dir='rtl';` +
          `function add(r,h,a){var k=document.createElement('link');k.rel=r;k.crossOrigin='';k.href='/'+h;if(a)k.as=a;document.head.appendChild(k)}` +
          `var f=${screens}[location.pathname];if(f){for(var i=0;i<f.length;i++)add('modulepreload',f[i]);` +
          `if(location.pathname!=='/')add('preload',${JSON.stringify(english)},'fetch')}` +
          `var m=${JSON.stringify(byLanguage)}[l];if(m)add('modulepreload',m)})()</script>`;
        const shell =
          '<div class="app-column" aria-busy="true"><header class="app-header"><div class="header-row">' +
          `<div class="header-lead"><span class="brand-mark">${inlineBrand(ctx)}</span></div>` +
          '<div></div><div></div></div><div class="account-strip"></div></header>' +
          '<main class="app-main"><div class="stack"><div class="frame-block frame-card"></div>' +
          '<div class="frame-block frame-line"></div><div class="frame-block frame-line"></div></div></main></div>';
        if (!html.includes('<div id="root"></div>')) throw new Error('app-shell: index.html has no empty #root');
        return inlineEntryStylesheet(html, ctx)
          .replace('</head>', `${early}</head>`)
          .replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
      },
    },
  };
}
