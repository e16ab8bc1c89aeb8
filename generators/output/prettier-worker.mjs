// Prettier in a worker thread, for the markdown finalize formats: loading its markdown plugin and
// the plugins for the code blocks takes longer than the formatting, and both need not hold up
// the main thread. Formatting a small page at start loads them before the first request.
import * as prettier from 'prettier';
import { serveRequests } from '../shared/serve-requests.mjs';

const loaded = prettier.format('# Warm-up\n\n```ts\nconst ready = true;\n```\n', { parser: 'markdown' });

serveRequests(async ({ text, filepath }) => {
  await loaded;
  return prettier.format(text, { ...((await prettier.resolveConfig(filepath)) ?? {}), filepath });
});
