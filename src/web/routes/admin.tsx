/** `/admin`: the administrator's sign-in; an administrator already signed in goes to the dashboard. */
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { SiteHeader } from '../app/site-header.tsx';
import { AdminLoginForm } from '../features/admin-auth/admin-login-form.tsx';
import { SsoButton } from '../features/sso/sso-button.tsx';
import { useSsoReturn } from '../features/sso/use-sso-return.ts';
import { setAdminSession } from '../session/admin-session.ts';
import { markSsoSignIn } from '../session/sso-sign-in.ts';

// The admin session module (and zod, which checks it) loads when an admin page opens, not with
// every page's route options.
const loadAdminSession = () => import('../session/admin-session.ts');

export const Route = createFileRoute('/admin')({
  beforeLoad: async () => {
    const { currentAdminSession } = await loadAdminSession();
    if (currentAdminSession()) throw redirect({ to: '/adminDash', replace: true });
  },
  component: AdminPage,
});

function AdminPage() {
  const navigate = useNavigate();
  const toDashboard = () => void navigate({ to: '/adminDash', replace: true });
  // Back from the campus sign-in: the hand-over becomes the session, and the dashboard opens.
  useSsoReturn('admin', {
    admin: (session) => {
      markSsoSignIn('admin', session.token);
      setAdminSession(session);
      toDashboard();
    },
  });
  return (
    <>
      <SiteHeader />
      <main id="main" className="page page--narrow">
        <AdminLoginForm onSignedIn={toDashboard} alternative={<SsoButton audience="admin" />} />
      </main>
    </>
  );
}
