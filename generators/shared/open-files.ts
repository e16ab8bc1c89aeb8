// One cap on the files the generators hold open at once, shared by everything that reads or writes
// many files together (the cache digests, generated/ before and during a write): one after another,
// the reads cost a tenth of a regeneration and the writes into an empty generated/ a tenth of a
// generation from nothing, and all at once could exhaust a small open-files limit (macOS
// starts shells at 256). p-limit queues what is over the cap.
import pLimit from 'p-limit';

/** Runs `open` (a read or a write of one file) when fewer than 64 such are under way. */
export const withOpenFile: <T>(open: () => Promise<T>) => Promise<T> = pLimit(64);
