/**
 * The way from an exam's matrix to the similarity report of each of its problems (issue 31 item
 * 7): per slot, a link per challenge it holds (one, or each of a pool), to the Similarity view
 * with the exam in the address, which compares only the exam's students who were given that
 * challenge. Folded by default: a pool of fifty would otherwise push the matrix down the page.
 */
import { Link } from '@tanstack/react-router';
import type { Exam } from '../../../contract/exams.ts';
import { messages } from '../../../contract/messages.ts';

export function ExamSimilarityLinks({ exam }: { exam: Exam }) {
  return (
    <details className="exam-similarity" data-testid="exam-similarity">
      <summary className="exam-similarity__summary">{messages.examSimilarityTitle}</summary>
      <p className="muted">{messages.examSimilarityIntro}</p>
      <ul className="exam-similarity__list">
        {exam.slots.map((slot) => {
          const n = String(slot.ordinal);
          return (
            <li key={slot.ordinal} className="exam-similarity__slot">
              <span className="exam-similarity__problem">
                {messages.examSimilarityProblem.replace('{n}', n)}
              </span>
              {slot.challenges.map((challenge) => (
                <Link
                  key={challenge.challengeId}
                  to="/adminDash"
                  search={{
                    view: 'similarity',
                    challengeId: challenge.challengeId,
                    exam: exam.examCode,
                  }}
                  className="link mono"
                  title={challenge.challengeName}
                  aria-label={messages.examSimilarityLinkLabel
                    .replace('{n}', n)
                    .replace('{id}', challenge.challengeId)}
                >
                  {challenge.challengeId}
                </Link>
              ))}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
