/**
 * The one catalogue of user-facing messages. The spec's texts (section 8) are quoted verbatim,
 * typos included, because schools compare the product against that document.
 */
export const messages = {
  // Local validation messages (spec §8).
  enterAllDetails: 'Please enter all details',
  signInFirst: 'Please Sign in first',
  invalidCredentials: 'Invalid credentials',
  enterAllChallengeDetails: 'Enter All Delatils',
  provideChallengeId: 'Provide a Challenge Id',
  challengeDetailsNotFound: 'Challenge Details not founds',
  selectFile: 'Please Select a file',
  setStrongPassword: 'Set a strong password',
  passwordsDoNotMatch: 'Passwords do not match',

  // Success toasts (spec §8).
  challengeCreated: 'Challenge created',
  challengeDeleted: 'Challenged deleted succesfully',
  userDeleted: 'User succesfully deleted',
  userFileAdded: 'User File Added Successfully',
  emailSent: 'Email sent successfully',
  passwordUpdated: 'Password updated successfully',

  // Screen texts the spec fixes.
  signUpHint: 'Please remember your password for future logins',
  mobileBlocked: 'This page will not open in mobile screen',

  // Server messages the spec leaves open; worded for a student on exam day.
  wrongEmailOrPassword: 'Incorrect email or password',
  accountExists: 'An account with this email already exists. Please log in instead.',
  invalidEmail: 'Enter a valid email address',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  nameTooLong: 'Name must be at most 100 characters',
  tooManyAttempts: 'Too many failed attempts. Please wait a few minutes and try again.',
  malformedBody: 'The request body is not valid JSON',
  unsupportedMediaType: 'The request must be sent as JSON',
  notFound: 'Not found',
  unauthorized: 'Please Sign in first',
  forbidden: 'You do not have permission to do this.',
  sessionExpired: 'Your session has expired. Please log in again.',
  internalError: 'Something went wrong on the server. Please try again.',
  networkError:
    'Network error: the server could not be reached. Check your connection and try again.',

  // Screen texts of the web app (labels, headings, buttons). The spec names some of them:
  // 'Login', 'Sign Up', 'Forgot Password?', 'Start Test', 'How It Works', 'Portal Guide', 'Log Out'.
  appName: 'Campus Coding Assessment Portal',
  appShortName: 'Assessment Portal',
  skipToContent: 'Skip to main content',
  tabLogin: 'Login',
  tabSignUp: 'Sign Up',
  authTabsLabel: 'Login or sign up',
  stepsLabel: 'Progress',
  stepOneTitle: 'Login',
  stepTwoTitle: 'Enter test code',
  stepOneHeading: 'Log in or sign up',
  stepOfTotal: 'Step {step} of 2',
  studentScreenTitle: 'Welcome to your coding assessment',
  studentScreenIntro:
    'Log in or create your account, then enter the test code your instructor gave you.',
  stepTwoIntro: 'Enter the test code your instructor gave you, then start the test.',
  signedInAs: 'Signed in as',
  fieldName: 'Name',
  fieldEmail: 'Email',
  fieldPassword: 'Password',
  fieldTestCode: 'Test code',
  forgotPassword: 'Forgot Password?',
  logIn: 'Login',
  signUp: 'Sign Up',
  startTest: 'Start Test',
  howItWorks: 'How It Works',
  portalGuide: 'Portal Guide',
  guideDescription:
    'A short video of the whole journey: sign up or log in, enter your test code and start the test.',
  guideVideoLabel: 'Video guide to the portal',
  guideVideoFallback:
    'Your browser cannot play this video. The steps: log in or sign up, enter your test code, press Start Test.',
  captionsLabel: 'English captions',
  closeGuide: 'Close the guide',
  closeToast: 'Close notification',
  logOut: 'Log Out',
  switchToDark: 'Switch to dark mode',
  switchToLight: 'Switch to light mode',
  themeDark: 'Dark',
  themeLight: 'Light',
  working: 'Please wait…',
  testCodeEntered: 'Test code',
  testScreenComing: 'The coding test for this code will open here once the judge is installed.',
  backToStart: 'Back to the student screen',
  forgotPasswordTitle: 'Forgot your password?',
  forgotPasswordIntro:
    'Enter the email you signed up with and we will send you a link to set a new password.',
  sendResetLink: 'Send reset link',
  loading: 'Loading…',
  pageErrorTitle: 'Something went wrong',
  tryAgain: 'Try again',
  pageNotFoundTitle: 'Page not found',
  pageNotFoundText: 'There is nothing at this address.',

  // --- Administrator (sign-in, dashboard, challenges, users, roster upload) ---
  // Roster upload: the server's answers ('Please Select a file' and 'User File Added Successfully'
  // are the spec's selectFile and userFileAdded above). {row}, {column}, {count} are filled in.
  rosterWrongType: 'Only .xlsx, .xls and .csv files are accepted.',
  rosterContentMismatch:
    "The file's content does not match its name. Save it again as .xlsx, .xls or .csv and retry.",
  rosterTooLarge: 'The file is larger than 10 MB. Split it into smaller files and retry.',
  rosterTooManyRows: 'The file has more than 100,000 rows. Split it into smaller files and retry.',
  rosterZipTooLarge:
    'The .xlsx file unpacks to more than 200 MB or 1000 parts, so it was not opened. It may be damaged or unsafe.',
  rosterUnreadable:
    'The file could not be read. Save it again from your spreadsheet program and retry.',
  rosterEncrypted: 'The file is password-protected. Remove the password and retry.',
  rosterXlsUnavailable:
    'Legacy .xls files cannot be read on this server. Save the file as .xlsx or .csv and retry.',
  rosterMissingHeaders:
    'The first row must name the columns: Name, Email, Year, Branch, College Name (Name and Email are required).',
  rosterNoRows: 'The file has no student rows below the header.',
  rosterNotMultipart: 'Send the file as a form upload (multipart/form-data) in the field "file".',
  rosterNotSaved: 'The student list could not be saved, so nothing was changed. Please try again.',
  rosterNameMissing: 'Name is missing',
  rosterEmailMissing: 'Email is missing',
  rosterEmailInvalid: 'Email is not a valid address',
  rosterDuplicate: 'Same email as row {row}',
  rosterCellTooLong: '{column} is longer than 100 characters',
  // Roster upload: the panel.
  rosterUploadTitle: 'Upload students',
  rosterUploadIntro:
    'Upload an .xlsx, .xls or .csv file with the columns Name, Email, Year, Branch, College Name. New students are added without a password; existing ones are updated and keep theirs.',
  rosterFileLabel: 'Student list (.xlsx, .xls or .csv)',
  downloadTemplate: 'Download template',
  uploadFile: 'Upload',
  rosterReading: 'Reading the file…',
  rosterPreviewTitle: 'Preview',
  rosterPreviewRows: 'Student rows in the file: {count}',
  rosterPreviewRejected: 'Rows that will be rejected: {count}',
  rosterPreviewUnavailable:
    'No preview for legacy .xls files: the server checks every row when you upload.',
  rosterPreviewFailed: 'The file could not be previewed: {reason}',
  uploadProgressLabel: 'Upload progress',
  rosterResultTitle: 'Upload result',
  rosterInserted: 'Added',
  rosterUpdated: 'Updated',
  rosterRejected: 'Rejected',
  rosterRowColumn: 'Row',
  rosterProblemColumn: 'Problem',
  rosterErrorsTruncated: 'Showing the first {shown} of {count} rejected rows.',
  rosterNothingAdded: 'No students were added: every row was rejected.',
  challengeUpdated: 'Challenge updated',
  challengeExists: 'A challenge with this test code already exists',
  challengeNotFound: 'No challenge has this test code',
  invalidChallengeId: 'The test code must be 3 to 64 letters, digits, - or _',
  invalidDate: 'Enter dates as YYYY-MM-DD',
  endBeforeStart: 'The end date must be on or after the start date',
  invalidScore: 'The score must be a whole number from 1 to 100000',
  invalidDuration: 'The duration must be a whole number of minutes from 1 to 20160',
  invalidDifficulty: 'The difficulty must be easy, medium or hard',
  invalidLanguage: 'The language must be javascript, python or java',
  invalidTimeLimit: 'The time limit per test must be from 0.1 to 20 seconds',
  invalidMemoryLimit: 'The memory limit must be from 32 to 2048 MB',
  invalidWeight: 'A test weight must be a whole number from 1 to 1000',
  addTestCase: 'Add at least one test case',
  tooManyTestCases: 'A challenge can have at most 200 test cases',
  testCaseTooLarge: 'A test input or output can be at most 1 MB',
  fieldTooLong: 'One of the fields is too long',
  userNotFound: 'No student has this email',

  // --- Password reset ---
  // Strength tiers of spec §5, named as the spec names them.
  strengthTooWeak: 'Too weak',
  strengthWeak: 'Weak',
  strengthMedium: 'Medium',
  strengthStrong: 'Strong',
  passwordStrength: 'Password strength',
  strengthHint:
    'Use at least 10 characters with lowercase and uppercase letters, a digit and a symbol.',
  resetPasswordTitle: 'Set a new password',
  resetPasswordIntro:
    'Choose a new password for your account. It must rate at least Medium on the meter.',
  fieldNewPassword: 'New password',
  fieldConfirmPassword: 'Confirm password',
  updatePassword: 'Update password',
  requestNewLink: 'Request a new link',
  resetLinkInvalid: 'This reset link is not valid. Please request a new one.',
  resetLinkUsed: 'This reset link has already been used. Please request a new one.',
  resetLinkExpired: 'This reset link has expired. Please request a new one.',
  resetLinkReplaced:
    'A newer reset link has been sent to you. Please use the link in the latest email.',
  tooManyResetRequests: 'Too many reset requests. Please wait a few minutes and try again.',

  // --- Test screen, compiler page and judge ---
} as const;

export type MessageKey = keyof typeof messages;

/** Toasts: error toasts stay 5 s and can be closed (spec §8, §9). */
export const TOAST_DURATION_MS = 5000;

/** Under this width the test screen refuses to open (spec §9). */
export const MOBILE_CUTOFF_PX = 450;
