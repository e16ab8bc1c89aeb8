// The PHP request and callback validators (`src/Generated/Validators.php`): code generated per
// schema from the model, as the TypeScript validators are, run by the thin Validation\Validator.
import type { SpecModel } from '../../../model/spec-model.js';
import { phpString } from '../../../shared/php-literal.js';
import { render } from './code.js';
import { PhpValidatorCompiler } from './compile.js';

// Built-ins PHP compiles to a single opcode when the name is resolved at compile time. In a
// namespace an unqualified call is looked up at run time (`Generated\is_string`, then
// `is_string`) and made as a real call; importing them turns each back into one opcode, which
// the predicate pass of every request runs dozens of times.
const COMPILED_BUILTINS = ['array_key_exists', 'count', 'in_array', 'is_array', 'is_bool', 'is_float', 'is_int', 'is_null', 'is_object', 'is_string', 'strlen'];

/** The class of the validators of `names` (every component schema by default), `${namespace}\\Generated\\${className}`. */
export function validatorsClass(model: SpecModel, namespace: string, className = 'Validators', names: readonly string[] = [...model.schemas.keys()]): string {
  const compiler = new PhpValidatorCompiler(model);
  const entry = compiler.components(names);
  const table = names.map((name) => `        ${phpString(name)} => ${phpString(entry.get(name)!)},`).join('\n');
  const constants = compiler.constants.map(({ name, value }) => `    private const ${name} = ${value};`).join('\n');
  const methods = [...compiler.methods]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(({ name, body }) => `    public static function ${name}(mixed $value, ?ValidationContext $ctx = null): bool\n    {\n${render(body, 2)}\n    }\n`);
  const code = methods.join('\n');
  const builtins = COMPILED_BUILTINS.filter((name) => new RegExp(`(?<![\\w$>:\\\\])${name}\\(`).test(code));
  const imports = builtins.length > 0 ? `\nuse function ${builtins.join(', ')};\n` : '';
  return `namespace ${namespace}\\Generated;

use ${namespace}\\Validation\\Checks;
use ${namespace}\\Validation\\Formats;
use ${namespace}\\Validation\\ValidationContext;
${imports}
/**
 * The validators of the spec's component schemas, one method per schema: \`v_X($value)\` is a
 * predicate that stops at the first failure; \`v_X($value, $ctx)\` records every issue at its wire
 * path. Validation\\Validator runs them; the TypeScript validators are compiled from the same model
 * with the same keywords and words.
 */
final class ${className}
{
    /** Component schema name → its method. */
    public const SCHEMAS = [
${table}
    ];

${constants}

${code}}
`;
}
