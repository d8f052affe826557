/**
 * Where the screenshots the guides show (docs/*.png) are written: into test-results/ in an
 * ordinary test run, into docs/ when `npm run docs:screenshots` takes them again
 * (DOCS_SCREENSHOT_DIR=docs), so the guides follow every change of a screen.
 */
export const DOCS_SHOTS = process.env.DOCS_SCREENSHOT_DIR ?? 'test-results';
