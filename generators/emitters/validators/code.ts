// The code tree of the TypeScript validators: the shared tree, written as TypeScript.
import { codeWriter } from '../../shared/code-tree.js';

export { block, indent, isEmpty, mapText, operand, type Code } from '../../shared/code-tree.js';

export const { ifElse, render } = codeWriter({ indent: '  ', elseIf: 'else if', simpleTest: /^!?[\w.$]+(\([^()]*\))?$/ });
