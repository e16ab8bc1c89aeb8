// The code tree of the PHP validators: the shared tree, written with PSR-12 indentation and `elseif`.
import { codeWriter } from '../../../shared/code-tree.js';

export { block, isEmpty, line, operand, type Code } from '../../../shared/code-tree.js';

export const { ifElse, render } = codeWriter({ indent: '    ', elseIf: 'elseif', simpleTest: /^!?[\w$:\\]+(\([^()]*\))?$/ });
