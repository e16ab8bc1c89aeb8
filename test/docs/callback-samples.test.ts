// Every code sample of the docs site that verifies a callback, in a fence of any language, is the
// checked sample of its language (templates/docs/samples/callback-handler.ts and .php, which
// test/sandbox/callback-sample and test/php/callback-sample run as written against sandbox
// callbacks of every protocol and merchant signature setting), verbatim: a page cannot show
// verification without the order lookup the S2S CARD signature needs. Beside each one, the page
// says which callbacks leave `status` unsigned (test/sandbox/callback-sample holds those words to
// the verified callbacks' coverage).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsPages } from '../support/docs-pages.js';
import { PROJECT_ROOT } from '../support/spec-examples.js';

const SAMPLES: Readonly<Record<string, string>> = {
  ts: readFileSync(join(PROJECT_ROOT, 'templates/docs/samples/callback-handler.ts'), 'utf8').trimEnd(),
  php: readFileSync(join(PROJECT_ROOT, 'templates/docs/samples/callback-handler.php'), 'utf8').trimEnd(),
};

/** A call that verifies a callback, in either client. */
const VERIFIES = /\bparseCallback\(|\bcreateCallbackHandler\(|\bnew CallbackHandler\(|->callbacks\(\)->parse\(|\(new Callbacks\([^)]*\)\)->parse\(/;
const STATUS_NOTE = '**`status` is not signed**';

interface Verifying {
  readonly where: string;
  readonly language: string;
  readonly text: string;
  /** The section's text after the block, up to the next heading. */
  readonly after: string;
}

/** The fenced blocks (any language, a code group's tabs too) of a page that verify a callback. */
function verifyingBlocks(path: string, markdown: string): Verifying[] {
  return [...markdown.matchAll(/^```([\w-]*)[^\n]*\n([\s\S]*?)^```/gm)].flatMap((match) => {
    const text = match[2]!.trimEnd();
    if (!VERIFIES.test(text)) return [];
    const rest = markdown.slice(match.index + match[0].length);
    return [{ where: path, language: match[1]!, text, after: rest.slice(0, rest.search(/^#{1,6} |$(?![\s\S])/m)) }];
  });
}

/** What is wrong with a verifying block: not the checked sample of its language, or no status note after it. */
function problems(block: Verifying): string[] {
  return [
    ...(block.text === SAMPLES[block.language] ? [] : [`not the checked ${block.language} sample (with its order lookup)`]),
    ...(block.after.includes(STATUS_NOTE) ? [] : ['no note that status is not signed']),
  ];
}

const verifying = docsPages().flatMap((page) => verifyingBlocks(page.path, page.text));

describe('callback samples on the docs site', () => {
  it('are shown where a merchant looks for them: Getting started, Using the client, every callback page, the PHP guide', () => {
    const pages = new Set(verifying.map((block) => block.where));
    for (const page of ['guide/getting-started.md', 'guide/client.md', 'guide/php.md', 'callbacks/checkout-callback.md', 'callbacks/s2s-card-callback.md', 'callbacks/s2s-apm-callback.md'])
      expect(pages, page).toContain(page);
    expect(new Set(verifying.map((block) => block.language))).toEqual(new Set(['ts', 'php']));
  });

  it.each(verifying.map((block) => [`${block.where} (${block.language})`, block] as const))('%s shows the checked sample, with its order lookup and the status note', (_name, block) => {
    expect(problems(block)).toEqual([]);
    expect(block.text).toMatch(/signingContext/);
  });

  it('the check finds a block that verifies without the lookup, in any fence, and a sample without the note', () => {
    const bare = "```typescript\nconst event = parseCallback(body, { password: process.env.MERCHANT_PASSWORD! });\n```\n\n" + STATUS_NOTE + '\n';
    expect(verifyingBlocks('page.md', bare).map(problems)).toEqual([['not the checked typescript sample (with its order lookup)']]);
    const noNote = '```php\n' + SAMPLES.php + '\n```\n\n## Next\n\n' + STATUS_NOTE + '\n';
    expect(verifyingBlocks('page.md', noNote).map(problems)).toEqual([['no note that status is not signed']]);
  });
});
