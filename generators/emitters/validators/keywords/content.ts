// `contentMediaType: application/json` with `contentSchema`: the string is parsed and its content
// validated. Issues inside it are reported at the field's wire path followed by the JSON
// pointer inside the content (`parameters[paymentToken]#/paymentData/header`); a message never
// repeats the content (wallet tokens are secrets), not even the parser's complaint.
import { ISSUE_WORDS } from '../../../shared/issue-words.js';
import { ifElse } from '../code.js';
import type { KeywordDefinition } from '../keyword.js';

export const CONTENT_KEYWORDS: readonly KeywordDefinition[] = [
  {
    keyword: 'contentSchema',
    with: ['contentMediaType', 'contentEncoding'],
    type: 'string',
    code(schema, scope) {
      if (schema.contentMediaType !== 'application/json') throw new Error('contentSchema is supported with contentMediaType: application/json only');
      if ((schema as { contentEncoding?: unknown }).contentEncoding !== undefined) throw new Error('contentSchema with a contentEncoding is not supported');
      const content = scope.local('content');
      const invalid = scope.runtime('NOT_JSON');
      return [
        `const ${content} = ${scope.runtime('parseJsonContent')}(${scope.value});`,
        ifElse(`${content} === ${invalid}`, scope.fail('contentMediaType', ISSUE_WORDS.jsonDocument), scope.child(schema.contentSchema!, content, scope.runtime('IN_CONTENT'), ['contentSchema'])),
      ];
    },
  },
];
