// The client knows its version. A server may announce the interface it speaks in two response
// headers: the platform and the sandbox its interface version, the sandbox also the release (the
// packages' version) it was generated from. When either is newer than this package's
// SPEC_VERSION or PACKAGE_VERSION, the client says so once per process, pointing at the docs
// site's upgrade guide. Off by default against the platform; a sandbox's answer turns it on (on
// the console), so a merchant developing against a newer sandbox hears of it. It reads two
// headers of an answer already received and never holds up, changes or fails a request.
import { PACKAGE_VERSION, SPEC_VERSION } from '../version.js';

/** The response headers a server announces its interface with (lower case, as `Headers` reads them). */
export const INTERFACE_HEADERS = {
  /** The interface version (`info.version`) the server speaks: sent by the platform and the sandbox. */
  interfaceVersion: 'x-interface-version',
  /** Only the sandbox: the release (the packages' version) it was generated from. */
  sandboxRelease: 'x-gateway-sandbox',
} as const;

export interface InterfaceNotice {
  /** This package's interface version (SPEC_VERSION) and own version (PACKAGE_VERSION). */
  readonly specVersion: string;
  readonly packageVersion: string;
  /** What the server announced. */
  readonly interfaceVersion?: string;
  readonly sandboxRelease?: string;
  /** The docs site's page that says what changed: the upgrade guide between the two releases, or the guides' index. */
  readonly guide: string;
  readonly message: string;
}

/**
 * `interfaceNotice` of the client options: `true` reports on the console, a function receives the
 * notice, `false` never reports. Unset: only a sandbox's announcement is reported, on the console.
 */
export type InterfaceNoticeOption = boolean | ((notice: InterfaceNotice) => void);

const VERSION = /^([0-9]+)\.([0-9]+)\.([0-9]+)$/;

/** Whether `announced` is a newer MAJOR.MINOR.PATCH than `own` (anything unreadable is not). */
function newer(announced: string | null, own: string): announced is string {
  const [a, b] = [VERSION.exec(announced ?? ''), VERSION.exec(own)];
  if (!a || !b) return false;
  for (let part = 1; part <= 3; part++)
    if (Number(a[part]) !== Number(b[part])) return Number(a[part]) > Number(b[part]);
  return false;
}

let reported = false;

/** Looks at an answer's announcement and reports a newer interface, once per process. */
export function noticeInterface(headers: Headers, option: InterfaceNoticeOption | undefined, baseUrl: string): void {
  if (reported || option === false) return;
  const interfaceVersion = headers.get(INTERFACE_HEADERS.interfaceVersion);
  const sandboxRelease = headers.get(INTERFACE_HEADERS.sandboxRelease);
  if (option === undefined && sandboxRelease === null) return;
  const newerInterface = newer(interfaceVersion, SPEC_VERSION);
  const newerRelease = newer(sandboxRelease, PACKAGE_VERSION);
  if (!newerInterface && !newerRelease) return;
  reported = true;
  const guide = newerRelease ? `/upgrade/${PACKAGE_VERSION}-to-${sandboxRelease}` : '/upgrade/';
  const speaks = [
    newerInterface ? `interface ${interfaceVersion}` : undefined,
    newerRelease ? `release ${sandboxRelease}` : undefined,
  ]
    .filter(Boolean)
    .join(' of ');
  const notice: InterfaceNotice = {
    specVersion: SPEC_VERSION,
    packageVersion: PACKAGE_VERSION,
    ...(interfaceVersion !== null ? { interfaceVersion } : {}),
    ...(sandboxRelease !== null ? { sandboxRelease } : {}),
    guide,
    message: `${sandboxRelease !== null ? 'The sandbox' : 'The platform'} at ${baseUrl} speaks ${speaks}, newer than this client (release ${PACKAGE_VERSION}, interface ${SPEC_VERSION}). What changed and what to change: the upgrade guide ${guide} of the docs site.`,
  };
  try {
    if (typeof option === 'function') option(notice);
    else console.warn(`@payment-gateway/merchant-client: ${notice.message}`);
  } catch {
    // A notice must never fail the request it came with.
  }
}

/** Forgets that a notice was given (tests of the notice only). */
export function resetInterfaceNotice(): void {
  reported = false;
}
