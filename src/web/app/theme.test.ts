import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: { matches: boolean }) => void;

/** jsdom has no matchMedia: a controllable prefers-color-scheme. */
function fakeColorScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners: Listener[] = [];
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') ? dark : false;
    },
    media: query,
    addEventListener: (_type: string, listener: Listener) => listeners.push(listener),
    removeEventListener: () => undefined,
  }));
  return {
    set(next: boolean) {
      dark = next;
      listeners.forEach((listener) => listener({ matches: next }));
    },
  };
}

async function freshTheme() {
  vi.resetModules();
  return import('./theme.ts');
}

beforeEach(() => {
  delete document.documentElement.dataset.theme;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme', () => {
  it('follows the system on a first visit, live, without remembering anything', async () => {
    const system = fakeColorScheme(true);
    const theme = await freshTheme();
    theme.initTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
    system.set(false);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(theme.THEME_KEY)).toBeNull();
  });

  it("remembers the student's choice, which then wins over the system", async () => {
    const system = fakeColorScheme(false);
    const theme = await freshTheme();
    theme.initTheme();
    theme.setTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(theme.THEME_KEY)).toBe('dark');
    system.set(false);
    expect(document.documentElement.dataset.theme).toBe('dark');

    delete document.documentElement.dataset.theme;
    const reloaded = await freshTheme();
    reloaded.initTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('ignores a damaged stored value', async () => {
    fakeColorScheme(false);
    localStorage.setItem('portal.theme', 'purple');
    const theme = await freshTheme();
    theme.initTheme();
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
