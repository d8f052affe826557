import { firstScreenMessages as messages } from '../../../contract/messages-first-screen.ts';

/** Spec §2: shows step 1 (Login) or step 2 (Enter test code). */
export function StepIndicator({ step }: { step: 1 | 2 }) {
  const steps = [
    { number: 1, title: messages.stepOneTitle },
    { number: 2, title: messages.stepTwoTitle },
  ] as const;
  return (
    <div className="steps" data-step={step}>
      <ol className="steps__list" aria-label={messages.stepsLabel}>
        {steps.map(({ number, title }) => {
          const state = number === step ? 'current' : number < step ? 'done' : 'todo';
          return (
            <li
              key={number}
              className={`steps__item steps__item--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="steps__number" aria-hidden="true">
                {state === 'done' ? '✓' : number}
              </span>
              <span className="steps__title">
                <span className="visually-hidden">
                  {messages.stepOfTotal.replace('{step}', String(number))}:{' '}
                </span>
                {title}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
