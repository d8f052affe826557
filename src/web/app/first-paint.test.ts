import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_STARTING_ATTRIBUTE,
  FIRST_PAINT_SCRIPT,
  PRERENDERED_ATTRIBUTE,
  PRERENDER_STALE_ATTRIBUTE,
} from '../../contract/first-paint.ts';
import { ADMIN_FLAG_KEY } from '../session/admin-session.ts';
import { SESSION_KEY } from '../session/session-store.ts';
import { THEME_KEY } from './theme.ts';

const root = document.documentElement;

/** Runs the inline script of the built pages as the browser would, in a page that holds `screen`. */
function runScript(screen: string | null) {
  if (screen === null) root.removeAttribute(PRERENDERED_ATTRIBUTE);
  else root.setAttribute(PRERENDERED_ATTRIBUTE, screen);
  // The script's own text, as the page runs it (no module, no imports).
  new Function(FIRST_PAINT_SCRIPT)();
}

function systemIsDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('dark') && dark }));
}

beforeEach(() => {
  systemIsDark(false);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  for (const name of [
    'data-theme',
    'style',
    PRERENDERED_ATTRIBUTE,
    PRERENDER_STALE_ATTRIBUTE,
    APP_STARTING_ATTRIBUTE,
  ])
    root.removeAttribute(name);
});

describe('the first-paint script of the built pages', () => {
  it('reads the storage keys the app writes', () => {
    expect(FIRST_PAINT_SCRIPT).toContain(`'${THEME_KEY}'`);
    expect(FIRST_PAINT_SCRIPT).toContain(`'${SESSION_KEY}'`);
    expect(FIRST_PAINT_SCRIPT).toContain(`'${ADMIN_FLAG_KEY}'`);
  });

  it('follows the system without a stored choice, and a stored choice over the system', () => {
    systemIsDark(true);
    runScript('/');
    expect(root.dataset.theme).toBe('dark');
    expect(root.style.colorScheme).toBe('dark');
    localStorage.setItem(THEME_KEY, 'light');
    runScript('/');
    expect(root.dataset.theme).toBe('light');
  });

  it('keeps the prerendered card for a visitor of its own path, marked as starting', () => {
    runScript('/');
    expect(root.hasAttribute(PRERENDER_STALE_ATTRIBUTE)).toBe(false);
    expect(root.hasAttribute(APP_STARTING_ATTRIBUTE)).toBe(true);
  });

  it('hides it when a student session is stored (step 2 comes instead)', () => {
    sessionStorage.setItem(SESSION_KEY, '{}');
    runScript('/');
    expect(root.hasAttribute(PRERENDER_STALE_ATTRIBUTE)).toBe(true);
  });

  it('hides it on another path served the same HTML', () => {
    window.history.replaceState(null, '', '/forgot-password');
    runScript('/');
    expect(root.hasAttribute(PRERENDER_STALE_ATTRIBUTE)).toBe(true);
  });

  it('hides the admin sign-in when the admin flag is stored (it redirects to the dashboard)', () => {
    window.history.replaceState(null, '', '/admin');
    runScript('/admin');
    expect(root.hasAttribute(PRERENDER_STALE_ATTRIBUTE)).toBe(false);
    localStorage.setItem(ADMIN_FLAG_KEY, 'true');
    runScript('/admin');
    expect(root.hasAttribute(PRERENDER_STALE_ATTRIBUTE)).toBe(true);
  });

  it("stops the browser's own submission of a form (the app submits with fetch)", () => {
    runScript('/');
    const form = document.createElement('form');
    document.body.append(form);
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    form.remove();
  });

  it('still applies the mode when storage cannot be read', () => {
    systemIsDark(true);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    runScript('/');
    expect(root.dataset.theme).toBe('dark');
    vi.restoreAllMocks();
  });
});
