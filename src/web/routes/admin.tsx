/** `/admin`: the administrator's sign-in; an administrator already signed in goes to the dashboard. */
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { SiteHeader } from '../app/site-header.tsx';
import { AdminLoginForm } from '../features/admin-auth/admin-login-form.tsx';

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
  return (
    <>
      <SiteHeader />
      <main id="main" className="page page--narrow">
        <AdminLoginForm onSignedIn={() => void navigate({ to: '/adminDash', replace: true })} />
      </main>
    </>
  );
}
