// A spec `pattern` runs in two regex engines: the TypeScript client's (ECMAScript with the `u`
// flag) and the PHP client's (PCRE2 through preg_match, the pattern between slashes with the `u`
// and `D` modifiers). This reads the pattern as ECMAScript (regexpp: the ESLint community's parser,
// the one eslint's own regex rules use) and lists what PCRE2 10.42 (Debian's PHP 8.2) would refuse
// to compile or would read otherwise, so a spec mistake is caught before any client is generated,
// with Node alone. test/php/pattern-dialects.test.ts checks every case against PHP's preg_match.
import { RegExpParser, visitRegExpAST, type AST } from '@eslint-community/regexpp';

/** ECMAScript's long General_Category names with PCRE2's short name: PCRE2 reads only the short ones. */
const SHORT_CATEGORY: Readonly<Record<string, string>> = {
  Letter: 'L', Cased_Letter: 'LC', Uppercase_Letter: 'Lu', Lowercase_Letter: 'Ll', Titlecase_Letter: 'Lt', Modifier_Letter: 'Lm', Other_Letter: 'Lo',
  Mark: 'M', Nonspacing_Mark: 'Mn', Spacing_Mark: 'Mc', Enclosing_Mark: 'Me',
  Number: 'N', Decimal_Number: 'Nd', Letter_Number: 'Nl', Other_Number: 'No',
  Punctuation: 'P', Connector_Punctuation: 'Pc', Dash_Punctuation: 'Pd', Open_Punctuation: 'Ps', Close_Punctuation: 'Pe', Initial_Punctuation: 'Pi', Final_Punctuation: 'Pf', Other_Punctuation: 'Po',
  Symbol: 'S', Math_Symbol: 'Sm', Currency_Symbol: 'Sc', Modifier_Symbol: 'Sk', Other_Symbol: 'So',
  Separator: 'Z', Space_Separator: 'Zs', Line_Separator: 'Zl', Paragraph_Separator: 'Zp',
  Other: 'C', Control: 'Cc', Format: 'Cf', Surrogate: 'Cs', Private_Use: 'Co', Unassigned: 'Cn',
};
/** PCRE2's largest `{n}` bound. */
const PCRE_QUANTIFIER_LIMIT = 65535;
/** PCRE2's group names: ASCII letters, digits and underscore, not starting with a digit, at most 32. */
const PCRE_GROUP_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;

export interface PatternDialectProblem {
  /** Offset in the pattern where the construct starts. */
  readonly offset: number;
  readonly message: string;
}

const parser = new RegExpParser({ ecmaVersion: 2025 });
const parsed = new Map<string, AST.Pattern | undefined>();

/**
 * The pattern as regexpp reads it with the `u` flag (undefined when it cannot), parsed once a
 * process: the spec check, the PHP validators and the TypeScript ones all read every pattern.
 * The tree is shared: read it, never change it.
 */
export function parsedPattern(pattern: string): AST.Pattern | undefined {
  if (parsed.has(pattern)) return parsed.get(pattern);
  let ast: AST.Pattern | undefined;
  try {
    ast = parser.parsePattern(pattern, 0, pattern.length, { unicode: true });
  } catch {
    ast = undefined;
  }
  parsed.set(pattern, ast);
  return ast;
}

/** Why the pattern does not compile as an ECMAScript regex with the `u` flag, or undefined. */
export function javascriptProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * What PCRE2, reading a pattern that compiles as ECMAScript `u`, refuses or reads otherwise. PHP
 * sets PCRE2_UCP with `/u`, so `\d`, `\w` and `\b` cover every Unicode digit and letter there and
 * ASCII only in JavaScript: the clients would disagree. (`\s` differs in two code points only,
 * U+0085 and U+FEFF, and is left alone.)
 */
export function pcreProblems(pattern: string): PatternDialectProblem[] {
  const ast = parsedPattern(pattern);
  // Syntax newer than the parser knows: nothing to say about it (javascriptProblem reports a pattern V8 refuses).
  if (ast === undefined) return [];
  const problems: PatternDialectProblem[] = [];
  const add = (node: AST.Node, message: string) => problems.push({ offset: node.start, message });
  visitRegExpAST(ast, {
    onCharacterEnter(node) {
      if (/^\\u/.test(node.raw)) add(node, `${node.raw}: PCRE2 has no \\u escape; write the character itself`);
    },
    onCharacterSetEnter(node) {
      if (node.kind === 'digit' || node.kind === 'word') {
        const ascii = node.kind === 'digit' ? '[0-9]' : '[A-Za-z0-9_]';
        add(node, `${node.raw}: PHP's PCRE (with /u) reads it as any Unicode ${node.kind === 'digit' ? 'digit' : 'letter or digit'}, JavaScript as ${ascii}; write ${node.negate ? ascii.replace('[', '[^') : ascii}`);
      }
      if (node.kind !== 'property') return;
      const body = node.raw.slice(3, -1);
      const [key, value] = body.includes('=') ? body.split('=') : [undefined, body];
      if (key === 'General_Category' || key === 'gc') add(node, `${node.raw}: PCRE2 reads a category by its name alone; write \\${node.raw[1]}{${SHORT_CATEGORY[value!] ?? value}}`);
      else if (key === undefined && SHORT_CATEGORY[value!]) add(node, `${node.raw}: PCRE2 knows the category by its short name; write \\${node.raw[1]}{${SHORT_CATEGORY[value!]}}`);
    },
    onAssertionEnter(node) {
      if (node.kind === 'word') add(node, `${node.raw}: PHP's PCRE (with /u) reads word characters as Unicode letters, JavaScript as ASCII; write the boundary with a lookaround over [A-Za-z0-9_]`);
      if (node.kind === 'lookbehind' && node.alternatives.some((alternative) => !fixedLength(alternative))) {
        add(node, `${node.raw}: PCRE2 needs a lookbehind of fixed length (each alternative)`);
      }
    },
    onQuantifierEnter(node) {
      const bounds = [node.min, node.max].filter(Number.isFinite);
      if (bounds.some((bound) => bound > PCRE_QUANTIFIER_LIMIT)) add(node, `${node.raw}: PCRE2 takes a repeat count of at most ${PCRE_QUANTIFIER_LIMIT}`);
    },
    onCapturingGroupEnter(node) {
      if (node.name !== null && !PCRE_GROUP_NAME.test(node.name)) add(node, `group name ${node.name}: PCRE2 names are ASCII letters, digits and _, at most 32, not starting with a digit`);
    },
    onCharacterClassEnter(node) {
      // PCRE reads a `]` right after `[` or `[^` as a literal, so `[]` and `[^]` run on.
      if (node.elements.length === 0) add(node, `${node.raw}: PCRE2 reads a ] right after [ as a character; an empty class does not close`);
    },
  });
  return problems;
}

/** Whether every path through an alternative matches the same number of characters. */
function fixedLength(alternative: AST.Alternative): boolean {
  return length(alternative) !== undefined;
}

function length(node: AST.Node): number | undefined {
  switch (node.type) {
    case 'Alternative': {
      let total = 0;
      for (const element of node.elements) {
        const part = length(element);
        if (part === undefined) return undefined;
        total += part;
      }
      return total;
    }
    case 'Group':
    case 'CapturingGroup': {
      const lengths = new Set(node.alternatives.map(length));
      return lengths.size === 1 ? [...lengths][0] : undefined;
    }
    case 'Quantifier': {
      const element = length(node.element);
      return node.min === node.max && element !== undefined ? node.min * element : undefined;
    }
    case 'Assertion':
      return 0;
    case 'Backreference':
      return undefined;
    default:
      return 1;
  }
}
