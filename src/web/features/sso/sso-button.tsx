/**
 * "Sign in with <label>" under the spec's sign-in forms, only when the portal is configured for
 * campus single sign-on (issue 18). A plain link: the sign-in is a navigation to the server,
 * which sends the browser on to the college's provider.
 */
import { useEffect, useState } from 'react';
import { oidcStartUrl, ssoButtonText, type SsoAudience } from '../../../contract/oidc-links.ts';
import { ssoLabel } from './sso-settings.ts';
import './sso.css';

export function SsoButton({ audience }: { audience: SsoAudience }) {
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    let mounted = true;
    const ask = () =>
      void ssoLabel().then((value) => {
        if (mounted) setLabel(value);
      });
    ask();
    window.addEventListener('online', ask);
    return () => {
      mounted = false;
      window.removeEventListener('online', ask);
    };
  }, []);
  if (!label) return null;
  return (
    <div className="sso">
      <p className="sso__divider">
        <span>or</span>
      </p>
      <a className="button button--secondary button--block" href={oidcStartUrl(audience)}>
        {ssoButtonText(label)}
      </a>
    </div>
  );
}
