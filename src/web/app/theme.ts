/**
 * Light/dark colour mode. The choice lives in a data-theme attribute on <html>, which the CSS
 * custom properties follow. A student's own choice is remembered in localStorage; until they make
 * one, the mode follows the system (prefers-color-scheme), live.
 */
import { useSyncExternalStore } from 'react';
import { storageGet, storageSet } from '../lib/web-storage.ts';

export type Theme = 'light' | 'dark';
export const THEME_KEY = 'portal.theme';

const listeners = new Set<() => void>();
const darkQuery = (): MediaQueryList | undefined =>
  typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : undefined;

function storedTheme(): Theme | undefined {
  const value = storageGet('local', THEME_KEY);
  return value === 'light' || value === 'dark' ? value : undefined;
}

function systemTheme(): Theme {
  return darkQuery()?.matches ? 'dark' : 'light';
}

export function currentTheme(): Theme {
  const attr = document.documentElement.dataset.theme;
  return attr === 'dark' || attr === 'light' ? attr : (storedTheme() ?? systemTheme());
}

function apply(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  listeners.forEach((listener) => listener());
}

/** Called once before the first render, so the page never flashes the wrong colours. */
export function initTheme(): void {
  apply(storedTheme() ?? systemTheme());
  darkQuery()?.addEventListener('change', () => {
    if (!storedTheme()) apply(systemTheme());
  });
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_KEY) apply(storedTheme() ?? systemTheme());
  });
}

export function setTheme(theme: Theme): void {
  storageSet('local', THEME_KEY, theme);
  apply(theme);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The prerendered first screen cannot know the visitor's mode, so it is rendered (and hydrated) as
 * light; the page's colours already follow the mode the inline script in index.html chose before
 * the first paint, and the toggle's label catches up right after hydration.
 */
const prerenderedTheme = (): Theme => 'light';

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, prerenderedTheme);
}
