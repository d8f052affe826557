/**
 * Step 1: the Login and Sign Up tabs, following the WAI-ARIA tabs pattern: one tab stop, the arrow
 * keys (and Home / End) move between the tabs and select them, each panel is labelled by its tab.
 * Both panels stay mounted, so switching tabs keeps what was typed. Written here rather than with
 * Ark UI's Tabs because this is the first screen: its state machine runtime would be most of
 * the screen's own download.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { firstScreenMessages as messages } from '../../../contract/messages-first-screen.ts';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

const tabs = [
  { value: 'login', label: messages.tabLogin, Panel: LoginForm },
  { value: 'sign-up', label: messages.tabSignUp, Panel: SignUpForm },
] as const;

type TabValue = (typeof tabs)[number]['value'];

export function AuthTabs() {
  const [selected, setSelected] = useState<TabValue>('login');
  const baseId = useId();
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = tabs.findIndex((tab) => tab.value === selected);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = tabs.length - 1;
    const next = {
      ArrowRight: selectedIndex === last ? 0 : selectedIndex + 1,
      ArrowLeft: selectedIndex === 0 ? last : selectedIndex - 1,
      Home: 0,
      End: last,
    }[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (next === undefined || !tab) return;
    event.preventDefault();
    setSelected(tab.value);
    triggers.current[next]?.focus();
  }

  return (
    <div className="tabs">
      <div
        className="tabs__list"
        role="tablist"
        aria-orientation="horizontal"
        aria-label={messages.authTabsLabel}
        data-selected-index={selectedIndex}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab, index) => {
          const isSelected = tab.value === selected;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                triggers.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.value}`}
              className="tabs__trigger"
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${tab.value}`}
              data-selected={isSelected ? '' : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setSelected(tab.value)}
            >
              {tab.label}
            </button>
          );
        })}
        <div className="tabs__indicator" aria-hidden="true" />
      </div>
      {tabs.map(({ value, Panel }) => (
        <div
          key={value}
          role="tabpanel"
          id={`${baseId}-panel-${value}`}
          className="tabs__content"
          aria-labelledby={`${baseId}-tab-${value}`}
          hidden={value !== selected}
        >
          <Panel />
        </div>
      ))}
    </div>
  );
}
