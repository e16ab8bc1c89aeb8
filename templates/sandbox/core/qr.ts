// The QR method's `redirect_params.qr_code`: a real PNG, Base64, that any phone camera reads,
// drawn by `qrcode` (the QR library most Node projects use).
import QRCode from 'qrcode';

/** Base64 PNG (no `data:` prefix) of a QR code carrying `text`. */
export async function qrPng(text: string): Promise<string> {
  const url = await QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, scale: 4 });
  return url.slice(url.indexOf(',') + 1);
}
