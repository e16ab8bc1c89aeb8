// Values a request's signature covers that the request does not carry (`input.signing`: the
// original payment's e-mail and card). Without them the request would be signed over empty
// values and refused by the platform, or worse, accepted for another payment: it is refused here,
// before anything is sent, naming the missing keys (never a value).
import type { ValidationIssue } from './validation.js';

export function signingIssues(signingFields: readonly string[] | undefined, input: unknown): ValidationIssue[] {
  if (!signingFields || signingFields.length === 0 || typeof input !== 'object' || input === null) return [];
  const expected = signingFields.join(', ');
  const signing = (input as { signing?: unknown }).signing;
  if (typeof signing !== 'object' || signing === null || Array.isArray(signing))
    return [
      {
        path: 'signing',
        rule: 'required',
        message: `must give the original payment's ${expected}: the signature covers them (hashed, never sent)`,
      },
    ];
  const issues: ValidationIssue[] = [];
  for (const field of signingFields) {
    if (typeof (signing as Record<string, unknown>)[field] !== 'string')
      issues.push({
        path: `signing.${field}`,
        rule: 'required',
        message: `must be the original payment's ${field} (a string; '' when it had none): the signature covers it`,
      });
  }
  for (const key of Object.keys(signing))
    if (!signingFields.includes(key))
      issues.push({
        path: `signing.${key}`,
        rule: 'additionalProperties',
        message: `is not a value this signature covers (it takes ${expected})`,
      });
  return issues;
}
