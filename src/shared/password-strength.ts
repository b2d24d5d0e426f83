// Refusing common passwords (OWASP ASVS 6.2.4): zxcvbn's estimate against the common-password and
// keyboard-pattern lists of @zxcvbn-ts/language-common. The lists are large (about 1 MB), so they are
// loaded on first use only, on the server and in the browser alike (the sign-in page never loads them;
// the forms that choose a password load them while the person types).
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** zxcvbn scores 0–4; below this a password falls to a guesser within about 10⁶ tries. */
export const MIN_PASSWORD_SCORE = 2;

let factory: Promise<ZxcvbnFactory> | undefined;

function load(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  );
  return factory;
}

/**
 * `password.common` when the password is among the common ones (or a light variation, a keyboard walk,
 * a repetition, the person's own e-mail or name), else null. `userInputs`: words of the account.
 */
export async function commonPasswordIssue(
  password: string,
  userInputs: readonly string[] = [],
): Promise<'password.common' | null> {
  if (!password) return null;
  const result = (await load()).check(
    password.slice(0, 128),
    userInputs.flatMap((w) => w.split(/[\s@.]+/)),
  );
  return result.score < MIN_PASSWORD_SCORE ? 'password.common' : null;
}
