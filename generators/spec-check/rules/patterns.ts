// Every `pattern` (and `patternProperties` key) compiles in both clients' engines: as ECMAScript
// with the `u` flag (the TypeScript client) and as PCRE2 (the PHP client's preg_match). A pattern
// one of them cannot compile fails every value there, or the client's import.
import { javascriptProblem, pcreProblems } from '../../shared/regex-dialects.js';
import type { NodeCheck } from './every-node.js';

export const checkPatterns: NodeCheck = (node, typeName, location, report) => {
  if (typeName !== 'Schema') return;
  const patterns: [string, (string | number)[]][] = [];
  if (typeof node['pattern'] === 'string') patterns.push([node['pattern'], ['pattern']]);
  const byPattern = node['patternProperties'];
  if (typeof byPattern === 'object' && byPattern !== null) for (const key of Object.keys(byPattern)) patterns.push([key, ['patternProperties', key]]);
  for (const [pattern, path] of patterns) {
    const at = { ...location.child(path), reportOnKey: true };
    const javascript = javascriptProblem(pattern);
    if (javascript) {
      report({ message: `The pattern does not compile as a JavaScript regular expression with the u flag: ${javascript.replace(/^Invalid regular expression: /, '')}`, location: at });
      continue;
    }
    for (const problem of pcreProblems(pattern)) report({ message: `The pattern ${pattern} does not work in PHP's PCRE at offset ${problem.offset}: ${problem.message}`, location: at });
  }
};
