/**
 * The words of the dashboard's Courses and Staff views, the course choice of the upload and
 * editor forms, and the invitation page (issue 33). Kept apart from courses.ts and staff.ts, which
 * the server reads: these strings are the web app's only.
 */
import { INVITATION_DAYS } from './staff.ts';
import type { StaffRole } from './courses.ts';

export const roleLabels: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  teacher: 'Teacher',
  assistant: 'Assistant',
};

export const courseUi = {
  menuCourses: 'Courses',
  title: 'Courses',
  intro: 'The courses you teach or assist in, with their sections and staff.',
  tableCaption: 'Your courses',
  none: 'You are not on the staff of any course yet.',
  colCode: 'Code',
  colTitle: 'Title',
  colTerm: 'Term',
  colStudents: 'Students',
  colChallenges: 'Challenges',
  colExams: 'Exams',
  colSections: 'Sections',
  colStaff: 'Staff',
  colMyRole: 'My role',
  colActions: 'Actions',
  defaultTag: 'Default',
  noSections: 'None',
  noStaff: 'None',
  newCourse: 'New course',
  newCourseTitle: 'New course',
  editCourse: 'Edit',
  editCourseTitle: 'Edit course {code}',
  fieldCode: 'Course code',
  codeHint: 'Letters, digits, dashes or dots, such as CS-101.',
  fieldTitle: 'Course title',
  fieldTerm: 'Term (optional)',
  termHint: 'Such as Fall 2026.',
  create: 'Create course',
  save: 'Save',
  addSection: 'Add section',
  addSectionTitle: 'Add a section to {code}',
  fieldSection: 'Section name',
  manageStaff: 'Staff',
  staffTitle: 'Staff of {code}',
  staffCaption: 'Staff of the course',
  staffEmpty: 'Nobody is on the staff of this course yet.',
  addStaff: 'Add to the course',
  fieldStaffMember: 'Staff member',
  chooseStaffMember: 'Choose a staff member',
  fieldStaffEmail: "Staff member's email address",
  staffEmailHint: 'A teacher or assistant who already has a staff account on the portal.',
  fieldCourseRole: 'Role in the course',
  remove: 'Remove',
  removeTitle: 'Remove from the course?',
  removeBody: '{name} will no longer see {code} or act in it.',
  close: 'Close',
  /** The course choice of the roster upload, the add-challenge form and the exam editor. */
  fieldCourse: 'Course',
  chooseCourse: 'Choose a course',
  courseHint: 'Where the new students, challenge or exam belong.',
} as const;

/** A course's enrolment code, in the Courses view (contract/enrolment-codes.ts). */
export const enrolmentCodeUi = {
  open: 'Enrolment code',
  title: 'Enrolment code of {code}',
  intro:
    'A signed-in student who types this code in the test code field joins {code}. Students already enrolled stay enrolled.',
  off: 'Off: students join only by roster upload.',
  codeLabel: 'Code',
  intoSection: 'Students who join are put in section {section}.',
  noSection: 'Students who join are put in no section.',
  copy: 'Copy code',
  copied: 'Enrolment code copied',
  copyFailed: 'Could not copy: select the code and copy it yourself.',
  fieldSection: 'Section for students who join (optional)',
  sectionHint: 'Takes effect when you generate a code.',
  noSectionChoice: 'No section',
  generate: 'Generate code',
  regenerate: 'Regenerate',
  regenerateTitle: 'Regenerate the enrolment code?',
  regenerateBody:
    'The code {code} stops working at once; students who joined with it stay in the course.',
  turnOff: 'Turn off',
  turnOffTitle: 'Turn off the enrolment code?',
  turnOffBody:
    'The code {code} stops working at once; students who joined with it stay in the course.',
} as const;

export const staffUi = {
  menuStaff: 'Staff',
  title: 'Staff',
  intro:
    'Owners run the whole portal; teachers manage their own courses; assistants read results, proctor and grade in theirs.',
  tableCaption: 'Staff members',
  colEmail: 'Email',
  colName: 'Name',
  colRole: 'Role',
  colActive: 'Active',
  colCourses: 'Courses',
  colActions: 'Actions',
  active: 'Active',
  inactive: 'Deactivated',
  noCourses: 'None',
  roleOf: 'Role of {email}',
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  deactivateTitle: 'Deactivate this account?',
  deactivateBody: '{email} is signed out everywhere at once and can no longer sign in.',
  reactivateTitle: 'Reactivate this account?',
  reactivateBody: '{email} can sign in again with their password.',
  invitationsTitle: 'Pending invitations',
  invitationsCaption: 'Pending invitations',
  noInvitations: 'No invitation is waiting.',
  colExpires: 'Expires',
  inviteTitle: 'Invite a staff member',
  fieldEmail: 'Email',
  fieldName: 'Name (optional)',
  fieldRole: 'Role',
  fieldCourse: 'Course (optional)',
  noCourse: 'No course yet',
  courseHint: 'A teacher or assistant joins this course at once. Owners act in every course.',
  invite: 'Send invitation',
  linkLabel: 'Invitation link',
  linkNote: `No mail server is set up: give this link to the person invited yourself. It works once, for ${INVITATION_DAYS} days.`,
  copy: 'Copy',
  copied: 'Link copied',
  copyFailed: 'Copy failed: select the link and copy it yourself.',
} as const;

export const invitationUi = {
  eyebrow: 'Staff invitation',
  title: 'Join the teaching staff',
  intro: 'Choose the name the other staff will see and a password to sign in with at /admin.',
  fieldName: 'Your name',
  accept: 'Accept the invitation',
  accepted: 'Welcome: you are signed in',
  noToken:
    'This invitation link is incomplete: open the whole link from the mail, or ask for a new one.',
  signIn: 'Staff sign-in',
} as const;
