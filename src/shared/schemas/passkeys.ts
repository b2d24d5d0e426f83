// Passkeys (WebAuthn) of the signed-in user and signing in with one. The options and the browser's answers
// are the JSON shapes of the WebAuthn spec that @simplewebauthn/browser reads and writes; the server
// checks them in full (@simplewebauthn/server), so these schemas only bound their size and outline.
// Procedures: account.passkeys.list | registrationOptions | register | rename | remove;
// auth.passkeyOptions | passkeyLogin.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { ZId } from './common.ts';

export const ZPasskey = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  /** Synced between devices by a password manager or a platform account. */
  backedUp: z.boolean(),
});
export type TPasskey = z.infer<typeof ZPasskey>;

export const ZPasskeyName = z.string().trim().min(1, msg('name.required')).max(100, msg('name.max'));

const b64url = z.string().max(16_384);

/** What navigator.credentials.create answered, as @simplewebauthn/browser serialises it. */
export const ZRegistrationResponse = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: b64url, attestationObject: b64url }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** What navigator.credentials.get answered. */
export const ZAuthenticationResponse = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

export const ZRegisterPasskeyInput = z.object({ name: ZPasskeyName, response: ZRegistrationResponse });
export type TRegisterPasskeyInput = z.infer<typeof ZRegisterPasskeyInput>;

export const ZRenamePasskeyInput = z.object({ id: ZId, name: ZPasskeyName });
export type TRenamePasskeyInput = z.infer<typeof ZRenamePasskeyInput>;

export const ZPasskeyLoginInput = z.object({ response: ZAuthenticationResponse, remember: z.boolean().optional() });
export type TPasskeyLoginInput = z.infer<typeof ZPasskeyLoginInput>;

/** PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON, handed to @simplewebauthn/browser as is. */
export const ZWebauthnOptions = z.looseObject({ challenge: z.string() });
