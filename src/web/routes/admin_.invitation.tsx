/**
 * `/admin/invitation#<token>` (issue 33, an addition to the spec's screens): the link an owner's
 * invitation carries. Not nested in /admin (the `_`): that route sends a signed-in member to the
 * dashboard, and an invitee may open the link in a browser where someone else is signed in. The
 * server answers index.html for this path, and so does the service worker offline.
 */
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SiteHeader } from '../app/site-header.tsx';
import { InvitationForm } from '../features/staff-invitation/invitation-form.tsx';

export const Route = createFileRoute('/admin_/invitation')({
  component: InvitationPage,
});

function InvitationPage() {
  const navigate = useNavigate();
  // Read once: the fragment is the link's secret, never sent to the server by the browser.
  const [token] = useState(() => window.location.hash.replace(/^#/, '').trim());
  return (
    <>
      <SiteHeader />
      <main id="main" className="page page--narrow">
        <InvitationForm
          token={token}
          onSignedIn={() => void navigate({ to: '/adminDash', replace: true })}
        />
      </main>
    </>
  );
}
