// One cap on the files the generators hold open at once, shared by everything that reads many
// files together (the cache digests, generated/ before a write): reading them one after another
// cost a tenth of a regeneration, and all at once could exhaust a small open-files limit (macOS
// starts shells at 256). p-limit queues what is over the cap.
import pLimit from 'p-limit';

/** Runs `open` (a read of one file) when fewer than 64 such reads are under way. */
export const withOpenFile: <T>(open: () => Promise<T>) => Promise<T> = pLimit(64);
