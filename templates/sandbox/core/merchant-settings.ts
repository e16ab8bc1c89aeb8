// The operator's per-merchant settings the sandbox plays, kept outside the API as the admin panel
// keeps them: the signature algorithm ("Use SHA256 encryption algorithm for hash", facts §1.1),
// the S2S CARD status-style formula (the recipes' `vendor` variant, the client's
// `cardStatusSignature`) and how a 3-D Secure answer sends the payer on (`redirect_method`, POST or
// GET, facts §2.2). A merchant set to one of them is checked and signed as the platform would.
import type { SignatureAlgorithm } from '@payment-gateway/merchant-client';

export type CardStatusSignature = 'document' | 'vendor';
export type RedirectMethod = 'POST' | 'GET';

export interface MerchantSettings {
  /** md5 (the default) or sha256: every request this merchant signs, and every callback it receives. */
  readonly signatureAlgorithm?: SignatureAlgorithm;
  /** S2S CARD CAPTURE, VOID and GET_TRANS_STATUS: the document's formula (the default) or the vendor appendix's. */
  readonly cardStatusSignature?: CardStatusSignature;
  /**
   * How a 3-D Secure answer sends the payer to the challenge: POST with `PaReq`, `MD` and
   * `TermUrl` in `redirect_params` (the default), or GET with none.
   */
  readonly redirectMethod?: RedirectMethod;
}

/** Each setting's command-line name and values, in the order `--help` lists them. */
export const MERCHANT_SETTINGS = {
  signatureAlgorithm: { option: 'signature', values: ['md5', 'sha256'] },
  cardStatusSignature: { option: 'card-status-signature', values: ['document', 'vendor'] },
  redirectMethod: { option: 'redirect-method', values: ['POST', 'GET'] },
} as const satisfies Record<keyof MerchantSettings, { option: string; values: readonly string[] }>;

type SettingName = keyof MerchantSettings;

/** Checks settings; the message names the setting (by `label`: its option on the command line) and its values. */
export function checkMerchantSettings(
  settings: Readonly<Record<string, unknown>>,
  label: (name: SettingName) => string = (name) => name,
): MerchantSettings {
  const checked: Record<string, string> = {};
  for (const [name, rule] of Object.entries(MERCHANT_SETTINGS)) {
    const value = settings[name];
    if (value === undefined) continue;
    if (!(rule.values as readonly unknown[]).includes(value))
      throw new Error(`merchant setting ${label(name as SettingName)} is one of ${rule.values.join(', ')}`);
    checked[name] = value as string;
  }
  return checked as MerchantSettings;
}

/**
 * `--merchant KEY:PASSWORD[,signature=sha256][,card-status-signature=vendor][,redirect-method=GET]`:
 * the key before the first colon, then the password; settings are the trailing `,name=value`
 * pieces with a setting's name, so a password may hold any other comma.
 */
export function parseMerchant(text: string): { key: string; password: string } & MerchantSettings {
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) throw new Error('--merchant takes KEY:PASSWORD[,setting=value...]');
  let rest = text.slice(colon + 1);
  const settings: Record<string, string> = {};
  const byOption = new Map<string, string>(
    Object.entries(MERCHANT_SETTINGS).map(([name, rule]) => [rule.option, name]),
  );
  for (;;) {
    const match = /,([a-z-]+)=([^,=]*)$/.exec(rest);
    const name = match && byOption.get(match[1]!);
    if (!match || !name) break;
    settings[name] = match[2]!;
    rest = rest.slice(0, match.index);
  }
  if (rest === '') throw new Error('--merchant takes KEY:PASSWORD[,setting=value...]');
  const checked = checkMerchantSettings(settings, (name) => MERCHANT_SETTINGS[name].option);
  return { key: text.slice(0, colon), password: rest, ...checked };
}
