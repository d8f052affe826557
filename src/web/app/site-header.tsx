/**
 * The header of every page: the portal's name, who is signed in (name and email), Log Out while
 * signed in (which ends the account's sessions on the server too), and the light/dark toggle.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { firstScreenMessages as messages } from '../../contract/messages-first-screen.ts';
import { logOutEverywhere, useSession } from '../session/index.ts';
import { BrandMark } from './brand-mark.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

export function SiteHeader() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <header className={session ? 'site-header site-header--signed-in' : 'site-header'}>
      <div className="site-header__inner">
        <Link to="/" className="brand">
          <BrandMark />
          <span className="brand__name">{messages.appName}</span>
          <span className="brand__short">{messages.appShortName}</span>
        </Link>
        {session ? (
          <p className="identity" data-testid="identity">
            <span className="visually-hidden">{messages.signedInAs} </span>
            <span className="identity__name" data-testid="identity-name">
              {session.name}
            </span>{' '}
            <span className="identity__email" data-testid="identity-email" title={session.email}>
              {session.email}
            </span>
          </p>
        ) : null}
        <div className="site-header__actions">
          <ThemeToggle />
          {session ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                logOutEverywhere();
                void navigate({ to: '/' });
              }}
            >
              {messages.logOut}
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
