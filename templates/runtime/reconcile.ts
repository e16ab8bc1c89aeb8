// After a payment request failed in transit (a timeout, a dropped connection) it may or may not
// have been processed. It is never sent again automatically: the order is looked up instead.
import { PlatformError } from './errors.js';

export type Reconciliation<Status> = { readonly found: true; readonly status: Status } | { readonly found: false };

/** "Order does not exist." (101000) means the request never reached processing: it is safe to send anew. */
function isOrderNotFound(error: PlatformError): boolean {
  return String(error.error_code) === '101000' || /order does not exist/i.test(error.error_message);
}

export async function reconcileWith<Status>(lookup: () => Promise<Status>): Promise<Reconciliation<Status>> {
  try {
    return { found: true, status: await lookup() };
  } catch (error) {
    if (error instanceof PlatformError && isOrderNotFound(error)) return { found: false };
    throw error;
  }
}
