/** `/forgot-password`: for now only the request form (no token); the reset form comes later. */
import { createFileRoute } from '@tanstack/react-router';
import { SiteHeader } from '../app/site-header.tsx';
import { RequestResetForm } from '../features/password-reset/request-reset-form.tsx';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="page page--narrow">
        <RequestResetForm />
      </main>
    </>
  );
}
