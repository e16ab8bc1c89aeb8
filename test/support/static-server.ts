// A static file server on 127.0.0.1 for a built site (node:http), resolving clean URLs the way
// a static host does: `/a` → `a.html`, `/dir/` → `dir/index.html`, and serving the build's
// content-hashed files (`assets/`) as cacheable for good, as VitePress's deploy guide asks of a
// host. Started and stopped by the test.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, relative } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.woff2': 'font/woff2',
};

/** The file a URL path names in the site, or undefined (a 404). */
export function resolveSitePath(root: string, pathname: string): string | undefined {
  const clean = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [clean, `${clean}.html`, join(clean, 'index.html')]) {
    const file = join(root, candidate);
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

export interface StaticServer {
  readonly baseUrl: string;
  close(): Promise<void>;
}

export async function serveStatic(root: string): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const file = resolveSitePath(root, new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    if (!file) {
      response.statusCode = 404;
      response.end('not found');
      return;
    }
    response.setHeader('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    if (/(^|\/)assets\//.test(relative(root, file))) response.setHeader('cache-control', 'public, max-age=31536000, immutable');
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
