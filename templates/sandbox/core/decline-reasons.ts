// The decline reasons the sandbox reports: its own texts (the document shows none for these
// outcomes), kept in one place so every handler says the same thing.
export const DECLINE_REASONS = {
  card: 'Declined by processing.',
  expired: 'Expired card.',
  threeDs: '3DS authentication failed.',
  redirect: 'The payer did not complete the payment.',
  capture: 'Capture declined by processing.',
  captureNotPending: 'Capture is allowed only for an authorization in PENDING.',
  captureAboveAuthorized: 'The capture amount is above the authorized amount.',
  voidNotSettled: 'Void applies only to settled payments.',
  refundBeyondSettled: 'Refund applies to settled payments, up to what remains of them.',
  identifier: 'Declined by the test connector.',
  qrExpired: 'The QR code expired.',
  window: 'The payer did not complete the payment within its completion window.',
} as const;

/** The bank callback's decline (`RJCT`). */
export const bankDecline = (code: string) => `Rejected by the bank (${code}).`;
