/**
 * The app's base stylesheet, imported from a module of its own rather than from main.tsx: the
 * build puts this module in the first screen's chunk (scripts/first-screen-chunk.ts), so its
 * rules and the first screen's ship as one stylesheet instead of two, one request fewer for a
 * cold lab browser. main.tsx imports it before anything else that has styles, which keeps these
 * rules first in that stylesheet, where the features' own rules can override them.
 */
import './base.css';
