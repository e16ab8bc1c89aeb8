// `node:crypto` as the client runtime's signature interpreter uses it (`createHash(md5|sha1|sha256)
// .update(bytes, 'latin1').digest('hex')`, `timingSafeEqual`), for the browser: the docs build
// aliases `node:crypto` to this file, so the Try-it panel runs the runtime's own interpreter.
// The digests come from @noble/hashes (audited, dependency-free), not from hand-written code.
import { md5, sha1 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

const DIGESTS = { md5, sha1, sha256 } as const;

/** A latin1 string (one byte per char code) or UTF-8 text as bytes. */
function toBytes(data: string | Uint8Array, encoding?: string): Uint8Array {
  if (typeof data !== 'string') return data;
  if (encoding === 'latin1' || encoding === 'binary') return Uint8Array.from(data, (char) => char.charCodeAt(0) & 0xff);
  return new TextEncoder().encode(data);
}

export function createHash(algorithm: string) {
  const digest = DIGESTS[algorithm as keyof typeof DIGESTS];
  if (!digest) throw new Error(`Digest ${algorithm} is not available in the browser`);
  const chunks: Uint8Array[] = [];
  const hash = {
    update(data: string | Uint8Array, encoding?: string) {
      chunks.push(toBytes(data, encoding));
      return hash;
    },
    digest(encoding?: 'hex') {
      const all = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        all.set(chunk, offset);
        offset += chunk.length;
      }
      const bytes = digest(all);
      if (encoding !== 'hex') throw new Error('Only hex digests are available in the browser');
      return bytesToHex(bytes);
    },
  };
  return hash;
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}
