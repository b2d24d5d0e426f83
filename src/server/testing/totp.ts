// TOTP codes as an authenticator app computes them, with a library independent of the server's
// (@otplib/totp beside the server's otpauth), so a test proves the server follows RFC 6238, not itself.
import { ScureBase32Plugin } from '@otplib/plugin-base32-scure';
import { NodeCryptoPlugin } from '@otplib/plugin-crypto-node';
import { generateSync } from '@otplib/totp';

/** The code of `secret` (base32) for the 30-second step `steps` away from now. */
export function totpCode(secret: string, steps = 0, now = Date.now()): string {
  return generateSync({
    secret,
    crypto: new NodeCryptoPlugin(),
    base32: new ScureBase32Plugin(),
    epoch: Math.floor(now / 1000) + steps * 30,
  });
}

/**
 * Wait, when needed, until at least `seconds` of the current 30-second step are left: a test that reasons
 * about "this step" and "the step before" must not see the step change half-way.
 */
export async function awaitFreshStep(seconds = 10): Promise<void> {
  const left = 30 - ((Date.now() / 1000) % 30);
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 50));
}
