/**
 * The one inline script of the built pages (scripts/prerender-plugin.ts puts it at the top of
 * <head>). It runs before the first paint, which no module script can, and does two things:
 *
 * - applies the colour mode (the student's stored choice, else the system's), so the prerendered
 *   screen never flashes the wrong colours; src/web/app/theme.ts keeps it up to date afterwards;
 * - marks the document `data-prerender-stale` when the prerendered screen in the HTML is not the
 *   one this visit shows (another path served the same HTML, or a stored session means the
 *   student goes straight to step 2 or the administrator to the dashboard). A rule of base.css
 *   then hides it, and main.tsx renders the right screen instead of hydrating.
 *
 * - marks the document `data-app-starting` until the app has hydrated (app/root-layout.tsx): a
 *   rule of base.css makes the prerendered buttons and links ignore the pointer until then, as a
 *   click on them before hydration would be lost (the fields can be typed into: see
 *   ui/replay-typed-value.ts);
 * - stops the browser's own submission of every form: the app submits its forms itself (with
 *   fetch, in their onSubmit handlers), and a prerendered login form submitted before the app has
 *   hydrated it (Enter in the password field) would otherwise send the password in a URL.
 *
 * It lives in the contract because the server must allow exactly this text in its
 * Content-Security-Policy (a sha256 hash of it; see src/server/first-paint-csp.ts). Plain ES5 in
 * a string, kept short: it is not compiled. The storage keys are the web app's (THEME_KEY,
 * SESSION_KEY, ADMIN_FLAG_KEY); a unit test there checks that they still agree.
 */
export const FIRST_PAINT_SCRIPT = `(function () {
  var root = document.documentElement;
  function read(area, key) {
    try { return window[area].getItem(key); } catch (error) { return null; }
  }
  var stored = read('localStorage', 'portal.theme');
  var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var theme = stored === 'light' || stored === 'dark' ? stored : dark ? 'dark' : 'light';
  root.setAttribute('data-theme', theme);
  root.style.colorScheme = theme;
  var screen = root.getAttribute('data-prerendered');
  var signedIn =
    screen === '/'
      ? read('sessionStorage', 'portal.session') !== null ||
        read('localStorage', 'portal.session') !== null
      : read('localStorage', 'isAdmin') === 'true';
  if (screen !== location.pathname || signedIn) root.setAttribute('data-prerender-stale', '');
  root.setAttribute('data-app-starting', '');
  document.addEventListener('submit', function (event) { event.preventDefault(); }, true);
})();`;

/** The attribute on <html> naming the path whose screen the HTML holds. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** Set by the script when that screen must not be shown (see above). */
export const PRERENDER_STALE_ATTRIBUTE = 'data-prerender-stale';
/** Set by the script until the app has rendered or hydrated its first screen. */
export const APP_STARTING_ATTRIBUTE = 'data-app-starting';
/** Set by the app once it has rendered or hydrated its first screen (app/root-layout.tsx). */
export const APP_READY_ATTRIBUTE = 'data-app-ready';
