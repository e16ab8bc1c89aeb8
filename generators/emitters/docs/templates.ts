// Prose that is not per operation lives in templates/docs/*.md; `%%name%%` placeholders are
// filled from the model. A placeholder with no value fails generation. The checked samples of
// templates/docs/samples/ are read as they are, fenced.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Templates {
  get(name: string): string;
  /**
   * A checked sample of templates/docs/samples/ (`callback-handler.ts`), fenced in its language:
   * the file a test runs as written, shown on every page that verifies callbacks or sends the
   * payer on, never retyped there.
   */
  sample(file: string): string;
}

export function loadTemplates(projectRoot: string): Templates {
  const dir = join(projectRoot, 'templates', 'docs');
  const texts = new Map(readdirSync(dir).filter((name) => name.endsWith('.md')).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
  const samples = join(dir, 'samples');
  return {
    sample(file) {
      const language = file.split('.').pop()!;
      return `\`\`\`${language}\n${readFileSync(join(samples, file), 'utf8').trimEnd()}\n\`\`\``;
    },
    get(name) {
      const text = texts.get(name);
      if (text === undefined) throw new Error(`No template templates/docs/${name}`);
      return text;
    },
  };
}

export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const filled = template.replace(/%%([a-zA-Z0-9]+)%%/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Template placeholder %%${name}%% has no value`);
    return value;
  });
  return filled.trim();
}
