/**
 * `/forgot-password` (spec §2): without a token the request form; with `?token=...` (from the
 * emailed link) the new-password form, which on success returns to `/` on the Login tab.
 */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SiteHeader } from '../app/site-header.tsx';
import { RequestResetForm } from '../features/password-reset/request-reset-form.tsx';
import { ResetPasswordForm } from '../features/password-reset/reset-password-form.tsx';
import { logOut } from '../session/index.ts';

type ForgotPasswordSearch = { token?: string };

export const Route = createFileRoute('/forgot-password')({
  // A missing or unreadable token means the request form; the server judges the token itself.
  // A plain check rather than a zod schema: route options are part of every page's first download.
  validateSearch: (search: Record<string, unknown>): ForgotPasswordSearch => {
    const token = typeof search.token === 'string' ? search.token.trim() : '';
    return token === '' ? {} : { token };
  },
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <>
      <SiteHeader />
      <main id="main" className="page page--narrow">
        {token ? (
          <ResetPasswordForm
            key={token}
            token={token}
            onDone={() => {
              // Whoever was signed in on this browser logs in again with the new password.
              logOut();
              void navigate({ to: '/', replace: true });
            }}
          />
        ) : (
          <RequestResetForm />
        )}
      </main>
    </>
  );
}
