/**
 * The way from an exam's matrix to the per-test statistics of each of its problems (issue 34):
 * a link per slot, whatever challenges its pool draws from (the view shows each of them).
 */
import { Link } from '@tanstack/react-router';
import type { Exam } from '../../../../contract/exams.ts';
import { statisticsMessages } from '../../../../contract/grading-statistics.ts';
import './statistics.css';

export function ExamStatisticsLinks({
  exam,
  section,
}: {
  exam: Exam;
  section?: string | undefined;
}) {
  if (exam.slots.length === 0) return null;
  return (
    <nav className="exam-statistics" aria-label={statisticsMessages.title}>
      <ul className="exam-statistics__list">
        {exam.slots.map((slot) => (
          <li key={slot.ordinal}>
            <Link
              to="/adminDash"
              search={{ view: 'statistics', exam: exam.examCode, slot: slot.ordinal, section }}
              className="button button--secondary"
            >
              {statisticsMessages.openSlotStatistics.replace('{slot}', String(slot.ordinal))}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
