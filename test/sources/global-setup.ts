// The `sources` group reads inputs from outside the repository (test/support/outside-inputs.ts).
// When one is missing, the group stops here, before any of its files runs, with one line per
// missing input naming the setting that points to it: never a quiet skip, never an ENOENT.
import { missingInputs } from '../support/outside-inputs.js';

export default function checkOutsideInputs(): void {
  const missing = missingInputs();
  if (missing.length > 0) throw new Error(missing.join('\n'));
}
