// Markdown helpers for the docs pages. VitePress compiles every page as a Vue template, so reader
// text from the spec is escaped where Vue or a table would read it as markup.

/** Spec text as Markdown prose: `<label>` and `{{` would be Vue markup; code spans are kept. */
export function prose(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\{\{/g, '&#123;&#123;')))
    .join('');
}

/** A table cell: prose without line breaks, pipes escaped (inside code spans too, as GFM wants). */
export function cell(text: string): string {
  return prose(text).replace(/\|/g, '\\|');
}

/** Inline code for a value that may contain backticks. */
export function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${text.includes('`') ? ` ${text} ` : text}${fence}`;
}

export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '';
  return [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

/** A fenced code block; `title` labels it as a tab of a code group (`ts [TypeScript]`). */
export function fence(language: string, body: string, title?: string): string {
  const ticks = body.includes('```') ? '````' : '```';
  return `${ticks}${language}${title ? ` [${title}]` : ''}\n${body.replace(/\n+$/, '')}\n${ticks}`;
}

/** Code blocks shown as tabs of one VitePress code group (the same sample in each language). */
export function codeGroup(...blocks: readonly string[]): string {
  return ['::: code-group', ...blocks, ':::'].join('\n\n');
}

/** Page sections joined by blank lines; empty ones dropped. */
export function page(...sections: readonly (string | undefined | false)[]): string {
  return `${sections.filter((section): section is string => typeof section === 'string' && section.trim() !== '').join('\n\n')}\n`;
}

/** A URL slug: `GET_TRANS_STATUS` → `get-trans-status`, `<pin_voucher>` → `pin-voucher`. */
export function slug(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** A marker the tests find a sample by (an HTML comment: not rendered). */
export function marker(kind: 'wire' | 'signature' | 'json', name: string): string {
  return `<!-- ${kind}: ${name} -->`;
}
