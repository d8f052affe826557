/**
 * Setup of the unit-web project: an in-memory IndexedDB for the session backup, a clean DOM and
 * clean storage between tests (no jest-dom: assertions use plain DOM properties).
 */
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});
