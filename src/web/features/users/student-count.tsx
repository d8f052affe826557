/** Home's first figure: the total student count (getTotalStudentCount → totalUsers). */
import { useEffect, useState } from 'react';
import { messages } from '../../../contract/messages.ts';
import { showFailure } from '../../ui/show-failure.ts';
import { totalStudentCount } from './users-api.ts';
import './users.css';

export function StudentCount({ token }: { token: string }) {
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    totalStudentCount(token).then(
      (n) => live && setCount(n),
      (error: unknown) => showFailure(error),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <figure className="stat" aria-labelledby="student-count-label">
      <p className="stat__value" data-testid="total-users" aria-live="polite">
        {count === null ? '…' : count.toLocaleString()}
      </p>
      <figcaption id="student-count-label" className="stat__label">
        <strong>{messages.totalStudents}</strong>{' '}
        <span className="muted">{messages.totalStudentsHint}</span>
      </figcaption>
    </figure>
  );
}
