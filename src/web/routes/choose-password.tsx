/**
 * `/choose-password` (issue 33, an addition to the spec's screens): where a login with a
 * one-time password lands. The student chooses their own password, is signed in and goes on to
 * step 2. Without a pending change (none, or its token expired) there is nothing to do here.
 */
import { Navigate, createFileRoute, useNavigate } from '@tanstack/react-router';
import { SiteHeader } from '../app/site-header.tsx';
import { ChoosePasswordForm } from '../features/password-reset/choose-password-form.tsx';
import { sessionReady } from '../session/index.ts';
import { pendingPasswordChange } from '../session/password-change.ts';

export const Route = createFileRoute('/choose-password')({
  // The stored session may still be coming back from IndexedDB; the new one must win over it.
  beforeLoad: () => sessionReady(),
  component: ChoosePasswordPage,
});

function ChoosePasswordPage() {
  const navigate = useNavigate();
  const pending = pendingPasswordChange();
  if (!pending) return <Navigate to="/" replace />;
  return (
    <>
      <SiteHeader />
      <main id="main" className="page page--narrow">
        <ChoosePasswordForm
          pending={pending}
          onDone={() => void navigate({ to: '/', replace: true })}
        />
      </main>
    </>
  );
}
