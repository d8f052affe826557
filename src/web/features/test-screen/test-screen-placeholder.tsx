import { messages } from '../../../contract/messages.ts';
import './test-screen.css';

/** Stands in for the test screen until the judge and the compiler page exist (issue 2). */
export function TestScreenPlaceholder({ challengeId }: { challengeId: string }) {
  return (
    <section className="card test-placeholder" aria-labelledby="test-code-heading">
      <p className="eyebrow">{messages.testCodeEntered}</p>
      <h1 id="test-code-heading" className="test-placeholder__code" data-testid="challenge-id">
        {challengeId}
      </h1>
      <p className="muted">{messages.testScreenComing}</p>
    </section>
  );
}
