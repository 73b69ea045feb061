import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * TOTP sign-in for operators (RFC 6238: SHA-1, 6 digits, 30-second steps — what every
 * authenticator app reads from an otpauth:// QR code), through otplib.
 */

/** Shown in the authenticator app above the account name. */
const ISSUER = '宝图运营后台';

/** A code of the step before or after the current one is accepted: the phone's clock may be off a little. */
const TOLERANCE_SECONDS = 30;

export interface TotpSecret {
  secret: string;
  uri: string;
  qrDataUrl: string;
}

/** A new random secret (160 bits, base32), its otpauth:// URI and that URI as a QR code (PNG data URL). */
export async function newTotpSecret(accountName: string): Promise<TotpSecret> {
  const secret = generateSecret();
  const uri = generateURI({ issuer: ISSUER, label: accountName, secret });
  const qrDataUrl = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, uri, qrDataUrl };
}

/**
 * The time step a code was made for, when it is right for `secret` at `now` and newer than
 * `lastStep` (a code, once used, is refused: someone who saw it typed cannot sign in with it);
 * null otherwise.
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date = new Date(),
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  // The functional API answers TOTP and HOTP results alike; a TOTP one carries its time step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
