// Runs prettier off the main thread: generation formats several large files at once.
import { parentPort } from 'node:worker_threads';
import * as prettier from 'prettier';

// Warm up: load the parsers the generated files need before the first job arrives.
void prettier.format('const a = 1;', { parser: 'babel-ts' }).catch(() => {});

parentPort.on('message', async ({ id, text, options }) => {
  try {
    parentPort.postMessage({ id, text: await prettier.format(text, options) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
