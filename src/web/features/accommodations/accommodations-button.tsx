/**
 * The "Accommodations" cell of a student's row (results tables, the proctor view later): a button
 * opening the dialog, and after a change the student's new time or state beside it, so the row
 * shows what was given without waiting for the table's next refresh (whose columns are the
 * spec's and do not include the deadline).
 */
import { useState } from 'react';
import {
  accommodationMessages as m,
  type AccommodationResponse,
} from '../../../contract/accommodations.ts';
import type { StudentRowAction, StudentRowActionProps } from '../../ui/student-row-action.ts';
import { AccommodationsDialog } from './accommodations-dialog.tsx';
import { stateText, zonedText } from './accommodation-text.ts';

export function AccommodationsButton(props: StudentRowActionProps) {
  const [open, setOpen] = useState(false);
  const [latest, setLatest] = useState<AccommodationResponse | null>(null);
  const shown =
    latest &&
    (latest.state === 'working' && latest.attempt
      ? m.rowUntil.replace('{time}', zonedText(latest.attempt.deadline, latest.timeZone))
      : stateText(latest));
  return (
    <span className="accommodations-cell">
      <button
        type="button"
        className="button button--secondary accommodations-cell__button"
        aria-label={m.openLabel.replace('{name}', props.student.name)}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {m.open}
      </button>
      {shown ? (
        <span className="accommodations-cell__state" data-testid="accommodations-row-state">
          {shown}
        </span>
      ) : null}
      <AccommodationsDialog {...props} open={open} onOpenChange={setOpen} onChanged={setLatest} />
    </span>
  );
}

/** The results tables' extra column (ui/student-row-action.ts), handed to them by the route. */
export const accommodationsRowAction: StudentRowAction = {
  header: m.columnHeader,
  Cell: AccommodationsButton,
};
