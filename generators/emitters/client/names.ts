// How spec vocabulary becomes client vocabulary: `GET_TRANS_STATUS` → `getTransStatus`.

export function clientMethodName(actionOrOperationId: string): string {
  if (!/^[A-Z0-9_]+$/.test(actionOrOperationId)) return actionOrOperationId;
  return actionOrOperationId.toLowerCase().replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `card` + `SALE` → `SaleCardInput`; `checkout` + `createSession` → `CreateSessionInput`. */
export function inputTypeName(protocol: string, actionOrOperationId: string): string {
  const method = pascal(clientMethodName(actionOrOperationId));
  return protocol === 'checkout' ? `${method}Input` : `${method}${pascal(protocol)}Input`;
}
