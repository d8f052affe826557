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

  // --- Password reset ---

  // --- Test screen, compiler page and judge ---
} as const;

export type MessageKey = keyof typeof messages;

/** Toasts: error toasts stay 5 s and can be closed (spec §8, §9). */
export const TOAST_DURATION_MS = 5000;

/** Under this width the test screen refuses to open (spec §9). */
export const MOBILE_CUTOFF_PX = 450;
