/**
 * The student screen of spec §2: the step indicator, step 1 (Login / Sign Up) or step 2, and the
 * guide. Step 2 and the guide belong to other features, so the route passes them in.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { firstScreenMessages as messages } from '../../../contract/messages-first-screen.ts';
import { useSession } from '../../session/index.ts';
import { AuthTabs } from './auth-tabs.tsx';
import { StepIndicator } from './step-indicator.tsx';
import './student-auth.css';

type Props = {
  /** The test code form, shown once user details and a token exist. */
  stepTwo: ReactNode;
  /** The 'How It Works' button and its dialog. */
  guide: ReactNode;
  /** Another way to sign in, under the forms of step 1 (campus single sign-on). */
  signInAlternative?: ReactNode;
};

export function StudentScreen({ stepTwo, guide, signInAlternative }: Props) {
  const session = useSession();
  const step = session && session.token && session.id && session.email ? 2 : 1;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(step);

  // Moving between steps replaces the form under the keyboard focus: put focus on the new step's
  // heading so screen reader and keyboard users land in the right place.
  useEffect(() => {
    if (previousStep.current !== step) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  return (
    <div className="student-screen">
      <section className="card student-card" aria-labelledby="student-step-heading">
        <header className="student-card__header">
          <p className="eyebrow">{messages.studentScreenTitle}</p>
          <StepIndicator step={step} />
          <h1 id="student-step-heading" className="card__title" tabIndex={-1} ref={headingRef}>
            {step === 1 ? messages.stepOneHeading : messages.stepTwoTitle}
          </h1>
          <p className="muted">
            {step === 1 ? messages.studentScreenIntro : messages.stepTwoIntro}
          </p>
        </header>
        {step === 1 ? (
          <>
            <AuthTabs />
            {signInAlternative}
          </>
        ) : (
          stepTwo
        )}
      </section>
      <div className="student-screen__guide">{guide}</div>
    </div>
  );
}
