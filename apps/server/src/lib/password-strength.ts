/**
 * How hard a password or a secret is to guess, estimated by zxcvbn-ts with its common-password list
 * (the most used passwords of public breaches), its Spanish dictionaries (words, names, surnames,
 * Spanish Wikipedia) and keyboard patterns, repeats, sequences and dates. The one place that decides
 * whether a staff password is good enough: staff created by an admin, a password an admin resets, a
 * password its owner changes, and the first admin of ADMIN_PASSWORD.
 */

import { messages } from '@shop/contracts/messages';
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as spanish from '@zxcvbn-ts/language-es-es';

/**
 * zxcvbn's score 3: about 10^8 guesses or more ("safely unguessable" for an online attacker, who
 * also meets the sign-in throttle; a stolen scrypt hash costs ~100 ms per guess on top).
 */
export const MIN_PASSWORD_SCORE = 3;

let factory: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take a few tens of milliseconds to load. */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...spanish.dictionary },
    graphs: common.adjacencyGraphs,
    translations: spanish.translations,
    // Enough to catch 'p4ssw0rd'; the default (100) made a 64-character secret take 1.5 s to check.
    l33tMaxSubstitutions: 8,
  });
  return factory;
}

/** The shop's own words: a password made of them is as weak as a dictionary word. */
const SHOP_WORDS = ['fundamia', 'fundas', 'funda', 'tienda', 'admin', 'administracion', 'movil'];

/**
 * A secret (APP_SECRET, the Redsys key) needs about 80 bits: 10^25 guesses. 32 random hex
 * characters estimate at 10^28 or more; a phrase, a repeat or a keyboard walk far below.
 */
export const MIN_SECRET_GUESSES_LOG10 = 25;

export function estimate(secret: string, userInputs: string[] = []): ZxcvbnResult {
  return estimator().check(secret, [...SHOP_WORDS, ...userInputs]);
}

/**
 * Why a staff password is refused, in Spanish, or null when it is good enough. `about` are the
 * account's own e-mail and name: a password built on them is refused too.
 */
export function passwordWeakness(password: string, about: string[] = []): string | null {
  if (password.length < 10) return messages.passwordTooShort;
  const inputs = about
    .flatMap((v) => [v, ...v.toLowerCase().split(/[^\p{L}\p{N}]+/u)])
    .filter((v) => v.length >= 3);
  const result = estimate(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const reason = result.feedback.warning;
  return reason ? `${messages.passwordTooWeak} ${reason}` : messages.passwordTooWeak;
}
