// What an operation handler gives back, and the way it stops early: an `Answer` is thrown from
// anywhere inside a handler (unknown id, bad hash, a rule of the state table) and becomes the
// HTTP response, so no handler builds an error by hand twice.
import type { ErrorCase } from './tables.js';
import { catalogued, checkoutInvalid, s2sInvalid, type CataloguedError, type FieldError } from './wire.js';

export class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export type Protocol = 's2s' | 'checkout';

/** A validation or hash error in the protocol's shape (HTTP 400). */
export function invalid(protocol: Protocol, errors: readonly FieldError[]): Answer {
  return new Answer(400, protocol === 's2s' ? s2sInvalid(errors) : checkoutInvalid(errors));
}

/**
 * The catalogue entries an operation answers from: its own, then (for a condition the document
 * did not audit on this protocol, `apm: []`) those of the same operation on the other protocol.
 */
export class ErrorCatalogue {
  constructor(
    private readonly own: readonly ErrorCase[],
    private readonly related: readonly ErrorCase[],
    private readonly generic: readonly ErrorCase[],
  ) {}

  /** The entry for an unknown id in `field` (one that carries a code: 101000 or 100000). */
  unknown(field: string): CataloguedError {
    return this.#resolve((entry) => entry.field === field && entry.code !== undefined);
  }

  /** The coded entry for a condition on `field` (`208004`: a capture above the authorized amount), if the catalogue has one. */
  coded(field: string): CataloguedError | undefined {
    const match = (entry: ErrorCase) => entry.field === field && entry.code !== undefined;
    const found = this.own.find(match) ?? this.related.find(match);
    return found ? this.#fill(found) : undefined;
  }

  /** The entry for a condition on `field` the document gives as text (`Void is not allowed.`). */
  condition(field: string): CataloguedError | undefined {
    const match = (entry: ErrorCase) =>
      entry.field === field && entry.message !== undefined && entry.code === undefined;
    const found = this.own.find(match) ?? this.related.find(match);
    return found ? this.#fill(found) : undefined;
  }

  /** The entry whose message the state table gives for a refused move, else the generic case. */
  refusal(message: string | undefined): CataloguedError {
    return this.#resolve((entry) => message !== undefined && entry.message === message);
  }

  #resolve(match: (entry: ErrorCase) => boolean): CataloguedError {
    const found = this.own.find(match) ?? this.related.find(match);
    if (found) return this.#fill(found);
    // The older generic case of the document: 100000 "This value is not correct."
    const fallback = this.generic.find(
      (entry) => entry.code !== undefined && entry.message !== undefined && !/invalid/i.test(entry.message),
    );
    return {
      code: fallback?.code ?? '100000',
      message: fallback?.message ?? 'This value is not correct.',
      httpStatus: fallback?.httpStatus ?? 400,
    };
  }

  /** Codes and texts the document leaves out get the generic code and a message naming the field. */
  #fill(entry: ErrorCase): CataloguedError {
    return {
      code: entry.code ?? this.generic.find((generic) => generic.code !== undefined)?.code ?? '100000',
      message: entry.message ?? `${entry.field ?? 'request'}: ${entry.when}`,
      httpStatus: entry.httpStatus ?? 400,
    };
  }
}

export function cataloguedAnswer(protocol: Protocol, error: CataloguedError): Answer {
  return new Answer(error.httpStatus, catalogued(error, protocol));
}
