/**
 * The printed part of the one-time password sheet: a heading line, then one slip per student
 * inside dashed cut lines, two slips across an A4 page (credential-sheet.css).
 */
import { credentialsUi } from '../../../contract/credentials-ui.ts';
import type { SheetResponse } from '../../../contract/one-time-passwords.ts';

type Props = { sheet: SheetResponse; expires: string };

export function SheetSlips({ sheet, expires }: Props) {
  const title = `${sheet.course.code} — ${sheet.course.title}${sheet.section ? `, ${sheet.section}` : ''}`;
  return (
    <div className="otp-sheet" data-testid="otp-sheet">
      <p className="otp-sheet__head">
        <strong>{title}</strong>
        <span>{credentialsUi.slipCount.replace('{count}', String(sheet.slips.length))}</span>
        <span>✂ {credentialsUi.cutHere}</span>
      </p>
      <ul className="otp-sheet__slips" aria-label={credentialsUi.slipsLabel}>
        {sheet.slips.map((slip) => (
          <li key={slip.userId} className="otp-slip" aria-label={slip.name}>
            <p className="otp-slip__name">{slip.name}</p>
            <dl className="otp-slip__facts">
              {slip.studentNumber ? (
                <>
                  <dt>{credentialsUi.slipStudentNumber}</dt>
                  <dd>{slip.studentNumber}</dd>
                </>
              ) : null}
              <dt>{credentialsUi.slipLogin}</dt>
              <dd>{slip.email}</dd>
              <dt>{credentialsUi.slipPassword}</dt>
              <dd className="otp-slip__password otp-text">{slip.password}</dd>
              <dt>{credentialsUi.slipWhere}</dt>
              <dd>{sheet.portalUrl}</dd>
              <dt>{credentialsUi.slipExpires}</dt>
              <dd>{expires}</dd>
            </dl>
            <p className="otp-slip__steps">{credentialsUi.slipSteps}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
