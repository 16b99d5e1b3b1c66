/**
 * Registers the app's service worker (src/service-worker.js, built to /sw.js) once the page has loaded, so its
 * download of the app shell never competes with the first screen's. Only in a production build: the dev server
 * has no /sw.js, and a worker there would keep stale modules.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a worker the app works as before, only not offline; nothing to tell the visitor.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
