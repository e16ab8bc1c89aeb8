// The one way the toolchain's commands read their arguments (node:util parseArgs, strict): a flag
// a command does not know is refused with its usage, never ignored (`--watch` used to run a whole
// generation as if unsaid), and `--help` prints the usage.
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

export interface CommandLine<O extends Options> {
  /** `npm run generate [-- --check]` and a line for each option. */
  readonly usage: string;
  readonly options: O;
  readonly allowPositionals?: boolean;
}

export function parseCommandLine<O extends Options>(command: CommandLine<O>, argv: readonly string[] = process.argv.slice(2)) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { ...command.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: command.allowPositionals ?? false, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${command.usage}\n`);
    process.exit(2);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${command.usage}\n`);
    process.exit(0);
  }
  return parsed;
}
