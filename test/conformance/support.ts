// Shared by the conformance tests: a freshly started sandbox with the kit's callback listener as
// its merchant's callback URL, optionally behind a fault-injecting proxy that makes the sandbox
// deliberately wrong (a status changed, a field dropped, a callback mis-signed, a catalogue error
// answered with another message, a forbidden move allowed), with no change to the sandbox.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startCallbackListener, type CallbackListener } from '../../generated/conformance/src/index.js';
import { startSandbox, type RunningSandbox } from '../../generated/sandbox/src/index.js';
import { operationRequestExamples, s2sRequestExamples } from '../../generators/model/examples.js';
import { identifierAliases, schemaFields } from '../../generators/model/fields.js';
import type { SpecModel } from '../../generators/model/spec-model.js';

/** Rewrites a platform answer (JSON object) or a callback (form fields); may also see the request. */
export interface Fault {
  readonly answer?: (request: Record<string, string>, body: Record<string, unknown>) => Record<string, unknown>;
  readonly callback?: (body: string) => string;
  /** Answer 404 to the sandbox's controls (`/_sandbox/...`), as a real platform does. */
  readonly hideControls?: boolean;
}

export interface Target {
  readonly baseUrl: string;
  readonly merchantKey: string;
  readonly password: string;
  readonly listener: CallbackListener;
  close(): Promise<void>;
}

async function listen(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const read = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** The request's fields (form or JSON), for a fault that depends on the operation. */
function requestFields(text: string, contentType: string): Record<string, string> {
  if (contentType.includes('json')) {
    try {
      return Object.fromEntries(
        Object.entries(JSON.parse(text) as Record<string, unknown>).map(([key, value]) => [key, JSON.stringify(value)]),
      );
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** A sandbox (behind a proxy applying `fault`, when given) whose callbacks reach the kit's listener. */
export async function startTarget(fault?: Fault): Promise<Target> {
  const listener = await startCallbackListener({ host: '127.0.0.1', port: 0 });
  // Started after the proxy, whose URL it posts callbacks to.
  const started: { sandbox?: RunningSandbox } = {};
  // Callbacks pass through the proxy too, so a fault can mis-sign them.
  const proxy = await listen((request, response) => {
    (async () => {
      const text = await read(request);
      if (request.url === '/_callbacks') {
        const forwarded = await fetch(listener.url, {
          method: 'POST',
          headers: { 'Content-Type': String(request.headers['content-type']) },
          body: fault?.callback ? fault.callback(text) : text,
        });
        response.writeHead(forwarded.status, { 'Content-Type': 'text/plain' });
        response.end(await forwarded.text());
        return;
      }
      if (fault?.hideControls && request.url?.startsWith('/_sandbox')) {
        response.writeHead(404, { 'Content-Type': 'text/plain' });
        response.end('Not Found');
        return;
      }
      const upstream = await fetch(`${started.sandbox!.url}${request.url}`, {
        method: request.method ?? 'GET',
        headers: { 'Content-Type': String(request.headers['content-type'] ?? 'application/octet-stream') },
        ...(request.method === 'GET' ? {} : { body: text }),
        redirect: 'manual',
      });
      let body = await upstream.text();
      let status = upstream.status;
      if (fault?.answer && (upstream.headers.get('content-type') ?? '').includes('json')) {
        try {
          const changed = fault.answer(
            requestFields(text, String(request.headers['content-type'] ?? '')),
            JSON.parse(body) as Record<string, unknown>,
          );
          // A refusal the fault turns into a success goes out as one.
          if (changed['result'] === 'SUCCESS') status = 200;
          body = JSON.stringify(changed);
        } catch {
          // Not a JSON object: passed through.
        }
      }
      const headers: Record<string, string> = { 'Content-Type': upstream.headers.get('content-type') ?? 'text/plain' };
      const location = upstream.headers.get('location');
      if (location) headers['Location'] = location.replace(started.sandbox!.url, '');
      response.writeHead(status, headers);
      response.end(body);
    })().catch(() => {
      // The listener or sandbox closed while a late callback was in flight.
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
  });
  const sandbox = await startSandbox({ port: 0, callbackUrl: fault ? `${proxy.url}/_callbacks` : listener.url });
  started.sandbox = sandbox;
  const { key, password } = sandbox.merchants[0]!;
  return {
    baseUrl: fault ? proxy.url : sandbox.url,
    merchantKey: key,
    password,
    listener,
    close: async () => {
      await sandbox.close();
      await proxy.close();
      await listener.close();
    },
  };
}

/** How many example scenarios the kit adds for the other names of an aliased id an example sends (from the model). */
export function aliasVariants(model: SpecModel): number {
  const count = (schemaName: string, bodies: readonly unknown[]) =>
    identifierAliases(schemaFields(model, schemaName)).reduce(
      (sum, group) =>
        sum +
        bodies.filter((body) => group.some((name) => name in (body as Record<string, unknown>))).length *
          (group.length - 1),
      0,
    );
  return (
    model.s2sActions.reduce(
      (sum, action) =>
        sum +
        count(
          action.requestSchemaName,
          s2sRequestExamples(model, action.protocol, action.action).map((example) => example.value),
        ),
      0,
    ) +
    model.checkoutOperations.reduce(
      (sum, operation) =>
        sum +
        count(
          operation.requestSchemaName,
          operationRequestExamples(operation.operation).map((example) => example.value),
        ),
      0,
    )
  );
}
