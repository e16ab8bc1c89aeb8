// Types of serve-requests.mjs, for the workers written in TypeScript (spec-check/examples.worker.ts).
export function serveRequests<Request, Reply>(handle: (request: Request) => Reply | Promise<Reply>): void;
