// Every code sample of the docs site that verifies a callback is the checked sample of its
// language (templates/docs/samples/callback-handler.ts and .php, which test/sandbox/callback-sample
// and test/php/callback-sample run as written against sandbox callbacks of every protocol and
// merchant signature setting), verbatim: a page cannot show verification without the order
// lookup the S2S CARD signature needs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsPages } from '../support/docs-pages.js';
import { fencedBlocks } from '../support/snippets.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const SAMPLES = {
  ts: readFileSync(join(PROJECT_ROOT, 'templates/docs/samples/callback-handler.ts'), 'utf8').trimEnd(),
  php: readFileSync(join(PROJECT_ROOT, 'templates/docs/samples/callback-handler.php'), 'utf8').trimEnd(),
} as const;

/** A call that verifies a callback, in either client. */
const VERIFIES = /\bparseCallback\(|\bcreateCallbackHandler\(|\bnew CallbackHandler\(|->callbacks\(\)->parse\(|\(new Callbacks\([^)]*\)\)->parse\(/;

const blocks = docsPages().flatMap((page) =>
  (['ts', 'js', 'php'] as const).flatMap((language) =>
    fencedBlocks(page.text, language).map((text) => ({ page: page.path, language, text: text.trimEnd() })),
  ),
);
const verifying = blocks.filter((block) => VERIFIES.test(block.text));

describe('callback samples on the docs site', () => {
  it('are shown where a merchant looks for them: Getting started, Using the client, every callback page, the PHP guide', () => {
    const pages = new Set(verifying.map((block) => block.page));
    for (const page of ['guide/getting-started.md', 'guide/client.md', 'guide/php.md', 'callbacks/checkout-callback.md', 'callbacks/s2s-card-callback.md', 'callbacks/s2s-apm-callback.md'])
      expect(pages, page).toContain(page);
  });

  it.each(verifying.map((block) => [`${block.page} (${block.language})`, block] as const))('%s shows the checked sample, with its order lookup', (_name, block) => {
    expect(block.language === 'js' ? undefined : block.text).toBe(SAMPLES[block.language === 'php' ? 'php' : 'ts']);
    expect(block.text).toMatch(/signingContext/);
  });

  it('the check finds a page that verifies without the lookup', () => {
    const bare = "const event = parseCallback(body, { password: process.env.MERCHANT_PASSWORD! });";
    expect(VERIFIES.test(bare)).toBe(true);
    expect(bare).not.toBe(SAMPLES.ts);
  });
});
