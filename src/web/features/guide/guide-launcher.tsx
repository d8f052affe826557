/**
 * The 'How It Works' button. The Portal Guide dialog (Ark UI Dialog with its focus trap, ~8 KB
 * gzip) is a chunk of its own: it loads when the pointer or keyboard focus reaches the button, so
 * it is usually there by the click, and the first screen does not wait for it.
 */
import { Suspense, lazy, useRef, useState } from 'react';
import { firstScreenMessages as messages } from '../../../contract/messages-first-screen.ts';

const loadDialog = () => import('./guide-dialog.tsx');
const GuideDialog = lazy(() => loadDialog().then((module) => ({ default: module.GuideDialog })));

export function GuideLauncher() {
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, closed, so that it can run its closing steps (focus
  // back to this button) and opens at once the next time.
  const [mounted, setMounted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDialog().catch(() => undefined);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--secondary guide-trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 6.5v7l5.5-3.5z" fill="currentColor" />
        </svg>
        {messages.howItWorks}
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <GuideDialog open={open} onOpenChange={setOpen} trigger={() => button.current} />
        </Suspense>
      ) : null}
    </>
  );
}
