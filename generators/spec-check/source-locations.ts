// Where a node of the bundled spec is written: the bundle keeps `paths` and `webhooks` where the
// root file puts them, so a path into them (an example, a field of an example) is followed from
// spec/openapi.yaml through each `$ref` on the way, in the files Redocly's resolver has read.
import { escapePointerFragment, getLineColLocation, unescapePointerFragment, type BaseResolver, type Document } from '@redocly/openapi-core';
import { relative } from 'node:path';

export interface SourceLocation {
  /** Relative to the project root. */
  readonly file: string;
  readonly absoluteFile: string;
  readonly line: number;
  readonly col: number;
  /** The path inside that file (`['SaleRequest', 'properties', 'hash']`). */
  readonly pointer: readonly string[];
  /** Whether the whole path was found; otherwise the location is its deepest existing node. */
  readonly exact: boolean;
}

type Json = Record<string, unknown> | unknown[];
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null;

export class SourceLocator {
  constructor(
    private readonly resolver: BaseResolver,
    private readonly rootFile: string,
    private readonly projectRoot: string,
  ) {}

  async locate(path: readonly (string | number)[]): Promise<SourceLocation> {
    let document = await this.document(null, this.rootFile);
    let pointer: string[] = [];
    let node: unknown = document.parsed;
    let exact = true;
    for (const segment of path.map(String)) {
      // Follow the references on the way (a path item, an example, a media type in another file).
      for (let hops = 0; isJson(node) && !Array.isArray(node) && typeof node['$ref'] === 'string' && hops < 32; hops++) {
        const [uri, fragment = ''] = (node['$ref'] as string).split('#');
        document = uri ? await this.document(document.source.absoluteRef, uri) : document;
        pointer = fragment.split('/').filter(Boolean).map(unescapePointerFragment);
        node = pointer.reduce<unknown>((at, key) => (isJson(at) ? (at as Record<string, unknown>)[key] : undefined), document.parsed);
      }
      if (!isJson(node) || !(segment in node)) {
        exact = false;
        break;
      }
      node = (node as Record<string, unknown>)[segment];
      pointer.push(segment);
    }
    const where = getLineColLocation({ source: document.source, pointer: `#/${pointer.map(escapePointerFragment).join('/')}`, reportOnKey: true });
    return { file: relative(this.projectRoot, document.source.absoluteRef), absoluteFile: document.source.absoluteRef, line: where.start.line, col: where.start.col, pointer, exact };
  }

  private async document(base: string | null, ref: string): Promise<Document> {
    const document = await this.resolver.resolveDocument(base, ref, base === null);
    if (document instanceof Error) throw document;
    return document;
  }
}
