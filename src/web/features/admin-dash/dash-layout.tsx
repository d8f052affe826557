/**
 * /adminDash's frame: the side menu (Home, Delete User, Excel upload, Logout; spec §2, with
 * Results and Students after Home, issue 12, Similarity after Results, issue 17, and Exams right
 * after Home, issue 31; Courses, and Staff and Audit log for owners, after Import problem,
 * issue 33) and the chosen view. The menu is a nav of links, so each view has its own address
 * and the browser's back button works; the current one is marked with aria-current.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { messages } from '../../../contract/messages.ts';
import { auditUi } from '../../../contract/audit-ui.ts';
import { courseUi, staffUi } from '../../../contract/staff-ui.ts';
import type { DashView } from './dash-views.ts';
import './dash.css';

const menu: { view: DashView; label: string }[] = [
  { view: 'home', label: messages.menuHome },
  { view: 'exams', label: messages.menuExams },
  { view: 'results', label: messages.menuResults },
  { view: 'similarity', label: messages.menuSimilarity },
  { view: 'students', label: messages.menuStudents },
  { view: 'delete-user', label: messages.menuDeleteUser },
  { view: 'excel-upload', label: messages.menuExcelUpload },
  { view: 'import-problem', label: messages.menuImportProblem },
];

// Additions of issue 33, after the spec's items: Courses for all staff, Staff and the Audit log
// for owners.
const coursesItem = { view: 'courses', label: courseUi.menuCourses } as const;
const ownerItems = [
  { view: 'staff', label: staffUi.menuStaff },
  { view: 'audit', label: auditUi.menuAudit },
] as const;

type Props = {
  current: DashView;
  adminEmail: string;
  /** Whether the member is an owner; unknown (null) until GET /api/admin/me answers. */
  isOwner: boolean | null;
  onLogout: () => void;
  children: ReactNode;
};

export function DashLayout({ current, adminEmail, isOwner, onLogout, children }: Props) {
  // Deleting an account is the owners' (a teacher or assistant would only be refused).
  const spec = isOwner === false ? menu.filter((item) => item.view !== 'delete-user') : menu;
  const items = [...spec, coursesItem, ...(isOwner ? ownerItems : [])];
  return (
    <div className="dash">
      <nav className="dash__menu" aria-label={messages.adminMenuLabel}>
        <p className="dash__who">
          <span className="eyebrow">{messages.adminEyebrow}</span>
          <span className="dash__email" title={adminEmail}>
            {adminEmail}
          </span>
        </p>
        <ul className="dash__items">
          {items.map((item) => (
            <li key={item.view}>
              <Link
                to="/adminDash"
                search={{ view: item.view }}
                className="dash__item"
                aria-current={item.view === current ? 'page' : undefined}
              >
                {item.label}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="dash__item dash__item--button" onClick={onLogout}>
              {messages.menuLogout}
            </button>
          </li>
        </ul>
      </nav>
      <main id="main" className="dash__main">
        <h1 className="visually-hidden">{messages.adminDashTitle}</h1>
        {children}
      </main>
    </div>
  );
}
