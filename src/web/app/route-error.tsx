import type { ErrorComponentProps } from '@tanstack/react-router';
import { Link } from '@tanstack/react-router';
import { firstScreenMessages as messages } from '../../contract/messages-first-screen.ts';

/** The last line of defence: a route that throws shows this instead of a blank page. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <main id="main" className="page page--narrow">
      <section className="card" role="alert">
        <h1 className="card__title">{messages.pageErrorTitle}</h1>
        <p className="muted">{error instanceof Error ? error.message : String(error)}</p>
        <div className="actions">
          <button type="button" className="button button--primary" onClick={reset}>
            {messages.tryAgain}
          </button>
          <Link to="/" className="button button--secondary">
            {messages.backToStart}
          </Link>
        </div>
      </section>
    </main>
  );
}

export function NotFound() {
  return (
    <main id="main" className="page page--narrow">
      <section className="card">
        <h1 className="card__title">{messages.pageNotFoundTitle}</h1>
        <p className="muted">{messages.pageNotFoundText}</p>
        <Link to="/" className="button button--primary">
          {messages.backToStart}
        </Link>
      </section>
    </main>
  );
}
