import { firstScreenMessages as messages } from '../../contract/messages-first-screen.ts';
import { setTheme, useTheme } from './theme.ts';

/**
 * The light/dark switch: a real toggle button whose label names the mode it switches to. Its
 * icon and text are both in the markup, and the stylesheet shows the pair for the mode on <html>:
 * the prerendered first screen cannot know the mode, but must not show a dark visitor the wrong
 * icon until the app has hydrated (the label follows once it has).
 */
export function ThemeToggle() {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? messages.switchToDark : messages.switchToLight;
  return (
    <button
      type="button"
      className="button button--ghost theme-toggle"
      aria-label={label}
      title={label}
      onClick={() => setTheme(next)}
    >
      <span aria-hidden="true" className="theme-toggle__icon">
        <svg
          className="theme-toggle__when-dark"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          focusable="false"
        >
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          <g stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8" />
          </g>
        </svg>
        <svg
          className="theme-toggle__when-light"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          focusable="false"
        >
          <path fill="currentColor" d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1Z" />
        </svg>
      </span>
      <span className="theme-toggle__text" aria-hidden="true">
        <span className="theme-toggle__when-dark">{messages.themeLight}</span>
        <span className="theme-toggle__when-light">{messages.themeDark}</span>
      </span>
    </button>
  );
}
