// What a TypeScript module imports: every specifier of its static imports, `export … from`
// re-exports and string-literal `import()` calls, type-only ones included (a declaration file
// reaches the module a type-only re-export names), read from oxc-parser's module record.
// Why oxc-parser: es-module-lexer reads JavaScript only (it misses `export type { … } from`), and
// TypeScript's pre-processor costs its compiler's load, 0.7 to 1 s of a regeneration that needs
// nothing else of it. Loaded when first asked, so a run that needs no module's imports never loads it.

/** The module specifiers `contents` imports, in source order, each once; `path` names it in a parse error. */
export async function moduleSpecifiers(path: string, contents: string): Promise<string[]> {
  const { parseSync } = await import('oxc-parser');
  const { module, errors } = parseSync(path, contents, { lang: 'ts', sourceType: 'module' });
  const error = errors[0];
  if (error) throw new Error(`${path}: ${error.message}`);
  const found: Array<{ start: number; specifier: string }> = [];
  for (const { moduleRequest } of module.staticImports) found.push({ start: moduleRequest.start, specifier: moduleRequest.value });
  for (const { entries } of module.staticExports) {
    for (const { moduleRequest } of entries) if (moduleRequest) found.push({ start: moduleRequest.start, specifier: moduleRequest.value });
  }
  // A dynamic import's argument is an expression: only a plain string names a module.
  for (const { moduleRequest } of module.dynamicImports) {
    const literal = /^(['"`])([^'"`$\\]*)\1$/.exec(contents.slice(moduleRequest.start, moduleRequest.end));
    if (literal) found.push({ start: moduleRequest.start, specifier: literal[2]! });
  }
  return [...new Set(found.sort((a, b) => a.start - b.start).map(({ specifier }) => specifier))];
}
