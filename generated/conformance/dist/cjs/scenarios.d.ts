import type { ConformanceTables } from './tables.js';
/** What the kit checks, from spec 6.7.0: examples, error catalogues, the state table, test data and callbacks. */
export declare const TABLES: ConformanceTables;
