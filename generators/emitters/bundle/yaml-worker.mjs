// Prints the bundled document with yaml in a worker thread: the whole spec as YAML is a few
// hundred milliseconds of work that need not hold up the main thread's emitters.
import { stringify } from 'yaml';
import { serveRequests } from '../../shared/serve-requests.mjs';

serveRequests(({ document, options }) => stringify(document, options));
