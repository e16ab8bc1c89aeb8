// Type helpers shared by the generated client.

/** Omit that keeps unions apart (the built-in Omit merges `A | B` into one object). */
export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Values a signature covers that the request does not carry (the original payment's e-mail and
 * card for a refund or a lookup by order). Hashed, never sent. Each is required: an empty string
 * says the original payment had none (a payment without an e-mail).
 */
export type SigningInput<K extends string> = { readonly [P in K]: string };

/** Pick over each member of a union, keeping only the keys a member has. */
export type PickFields<T, K extends PropertyKey> = T extends unknown ? Pick<T, Extract<keyof T, K>> : never;

/** Omit over each member of a union. */
export type OmitFields<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
