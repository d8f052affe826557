/**
 * The texts of the first screen a visitor can land on (the student's login card and step 2, the
 * page frame around every screen, toasts), split from the one catalogue (messages.ts) for the
 * first screen's JavaScript only: the rest of the catalogue, about 8 KB gzip, loads with the
 * screens that use it (issue 16). messages.ts spreads these into `messages`, so every key is
 * still one catalogue's and quoted once; code on the first screen imports this file instead.
 * The spec's texts (section 8) are quoted verbatim, typos included.
 */
export const firstScreenMessages = {
  closeToast: 'Close notification',
  enterAllDetails: 'Please enter all details',
  signInFirst: 'Please Sign in first',
  signUpHint: 'Please remember your password for future logins',
  networkError:
    'Network error: the server could not be reached. Check your connection and try again.',
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
  logOut: 'Log Out',
  switchToDark: 'Switch to dark mode',
  switchToLight: 'Switch to light mode',
  themeDark: 'Dark',
  themeLight: 'Light',
  working: 'Please wait…',
  // A sign-in the server answered 503 with Retry-After (issue 38): the page tries again once.
  busyRetrying:
    'Many people are signing in right now. Trying again by itself in {seconds} s: what you typed is kept.',
  backToStart: 'Back to the student screen',
  loading: 'Loading…',
  pageErrorTitle: 'Something went wrong',
  pageNotFoundTitle: 'Page not found',
  pageNotFoundText: 'There is nothing at this address.',
  tryAgain: 'Try again',
  offlineBanner:
    'You are offline. Pages you have opened keep working; anything that needs the server will fail until the network returns.',
  updateAvailable: 'A new version is available',
  updateReload: 'Reload',
  updateLater: 'Reload when you are ready: the page will not reload by itself.',
} as const;

/** Toasts: error toasts stay 5 s and can be closed (spec §8, §9). */
export const TOAST_DURATION_MS = 5000;
