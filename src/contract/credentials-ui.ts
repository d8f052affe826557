/**
 * The words of accounts without mail in the web app (issue 33): the Students view's course and
 * section choice, a student's sign-in help (activation link, one-time password), the printable
 * sheet of one-time passwords, and the student's "Choose a new password" page. The server's own
 * messages are in one-time-passwords.ts and student-credentials.ts.
 */
import { ONE_TIME_PASSWORD_DAYS, PASSWORD_CHANGE_MINUTES } from './one-time-passwords.ts';

export const credentialsUi = {
  // The Students view's course and section.
  fieldCourse: 'Course',
  allCourses: 'All students',
  fieldSection: 'Section',
  allSections: 'All sections',
  colStudentNumber: 'Student ID',
  colSection: 'Section',
  openSheet: 'One-time password sheet',
  // A student's sign-in help.
  help: 'Sign-in help',
  helpLabel: 'Sign-in help for {email}',
  helpTitle: 'Sign-in help',
  helpIntro: 'For a student who has no mail in the lab, or has forgotten their password.',
  linkTitle: 'Activation link',
  linkIntro: 'Opens a page where the student chooses their first password.',
  linkClaimed: 'This student has chosen a password: use a one-time password instead.',
  showLink: 'Show activation link',
  mailLink: 'Mail the link',
  linkLabel: 'Activation link',
  copy: 'Copy',
  linkCopied: 'Link copied',
  passwordCopied: 'Password copied',
  copyFailed: 'Copy failed: select the text and copy it yourself.',
  validUntil: 'Valid until {date}.',
  otpTitle: 'One-time password',
  otpIntro: `The student signs in with it and must choose their own password at once. It replaces their current password, signs them out everywhere and works for ${ONE_TIME_PASSWORD_DAYS} days.`,
  setOtp: 'Set a one-time password',
  otpLabel: 'One-time password',
  otpShownOnce: 'Shown only now: write it down or give it to the student.',
  close: 'Close',
  // The sheet.
  sheetTitle: 'One-time password sheet',
  sheetIntro: `One slip per student, to cut out and hand over in the lab. Each password works once, for ${ONE_TIME_PASSWORD_DAYS} days, and the student must then choose their own.`,
  sheetFor: 'For {course}',
  sheetWhole: 'the whole course',
  fieldWho: 'Students',
  whoUnclaimed: 'Only students who have not chosen a password',
  whoAll: 'All students (replaces their passwords)',
  generate: 'Make the sheet',
  confirmTitle: 'Make one-time passwords?',
  confirmBody:
    'Each student on the sheet gets a new one-time password, which replaces any earlier one-time password (and, for all students, their own password) and signs them out. The passwords are shown only once: print the sheet before leaving this page.',
  confirm: 'Make passwords',
  print: 'Print',
  back: 'Back to Students',
  chooseCourseFirst: 'Choose a course in the Students view first.',
  slipsLabel: 'Slips',
  slipCount: '{count} slips',
  slipStudentNumber: 'Student ID',
  slipLogin: 'Email (login)',
  slipPassword: 'One-time password',
  slipWhere: 'Sign in at',
  slipExpires: 'Use before',
  slipSteps:
    'Open the address, choose Login, type your email and this password exactly as printed. You will then choose your own password.',
  cutHere: 'Cut along the dashed lines',
  // The student's page.
  chooseTitle: 'Choose a new password',
  chooseIntro:
    'You signed in as {email} with a one-time password. Choose your own password to continue; you will use it from now on.',
  chooseSubmit: 'Save password',
  chooseBack: 'Back to sign in',
  chooseExpiresNote: `This page works for ${PASSWORD_CHANGE_MINUTES} minutes after you sign in.`,
} as const;
