/**
 * `/activate-account?token=...` (issue 15 item 3, an addition to the spec's screens): the link
 * mailed at sign-up sets the account's password, signs the student in and goes on to step 2.
 * Without a token there is nothing to do here: back to the student screen.
 */
import { Navigate, createFileRoute, useNavigate } from '@tanstack/react-router';
import { SiteHeader } from '../app/site-header.tsx';
import { ActivateAccountForm } from '../features/password-reset/activate-account-form.tsx';
import { sessionReady } from '../session/index.ts';

type ActivateAccountSearch = { token?: string };

export const Route = createFileRoute('/activate-account')({
  // A plain check rather than a zod schema, as /forgot-password does: the server judges the token.
  validateSearch: (search: Record<string, unknown>): ActivateAccountSearch => {
    const token = typeof search.token === 'string' ? search.token.trim() : '';
    return token === '' ? {} : { token };
  },
  // The stored session may still be coming back from IndexedDB; the new one must win over it.
  beforeLoad: () => sessionReady(),
  component: ActivateAccountPage,
});

function ActivateAccountPage() {
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  if (!token) return <Navigate to="/" replace />;
  return (
    <>
      <SiteHeader />
      <main id="main" className="page page--narrow">
        <ActivateAccountForm
          key={token}
          token={token}
          onDone={() => void navigate({ to: '/', replace: true })}
        />
      </main>
    </>
  );
}
