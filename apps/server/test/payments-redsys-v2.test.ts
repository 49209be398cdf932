import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  decodeMerchantParameters,
  deriveOrderKeyV2,
  signNotification,
  signParameters,
  signRequest,
  verifySignedFields,
} from '../src/modules/payments/redsys.ts';

interface V2Vector {
  name: string;
  version: string;
  kind: 'request' | 'notification';
  key: string;
  order: string;
  merchantParametersJson: string;
  merchantParametersBase64: string;
  derivedKey: string;
  signature: string;
  expectValid?: boolean;
}

interface V2File {
  algorithm: { pitfallsForOfficialVector: Record<string, string> };
  vectors: V2Vector[];
}

/** Redsys HMAC_SHA512_V2 vectors: the official example and others, each naming its source (fixtures/README.md). */
const file = JSON.parse(
  readFileSync(new URL('./fixtures/redsys-sha512-v2-vectors.json', import.meta.url), 'utf8'),
) as V2File;

const fields = (v: V2Vector, signature = v.signature) => ({
  Ds_SignatureVersion: 'HMAC_SHA512_V2',
  Ds_MerchantParameters: v.merchantParametersBase64,
  Ds_Signature: signature,
});

const V2 = ['HMAC_SHA512_V2'] as const;

describe('Redsys HMAC_SHA512_V2 against the published and derived vectors', () => {
  test('the file has the official example, third-party, derived and negative vectors', () => {
    const names = file.vectors.map((v) => v.name);
    assert.ok(names.includes('OFFICIAL_V2_REDSYS_DOC'));
    assert.ok(file.vectors.some((v) => v.expectValid === false));
    assert.ok(file.vectors.length >= 9);
  });

  for (const v of file.vectors) {
    test(`${v.name}: per-order key, signature, verification`, () => {
      assert.equal(deriveOrderKeyV2(v.key, v.order), v.derivedKey);
      // The parameters are the JSON the vector names, in whichever base64 alphabet it came.
      const decoded = Buffer.from(v.merchantParametersBase64.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
      assert.equal(decoded.toString('utf8'), v.merchantParametersJson);
      const ours = signParameters(v.key, v.order, v.merchantParametersBase64, 'HMAC_SHA512_V2');
      assert.equal(ours.length, 86, 'base64url without padding');
      const sameBytes = Buffer.from(ours, 'base64url').equals(Buffer.from(v.signature, 'base64url'));
      if (v.expectValid === false) {
        assert.equal(sameBytes, false);
      } else {
        // HMAC_SHA512_V1 (REST manual) is the same MAC, written with its padding.
        assert.equal(v.version === 'HMAC_SHA512_V2' ? ours : `${ours}==`, v.signature);
      }
      const checked = verifySignedFields(v.key, fields(v), v.kind, V2);
      assert.equal(checked.ok, v.expectValid !== false, JSON.stringify(checked));
      if (checked.ok) {
        assert.equal(checked.order, v.order);
        assert.equal(checked.version, 'HMAC_SHA512_V2');
      }
    });
  }

  test('the pitfalls of the official example are all refused', () => {
    const official = file.vectors.find((v) => v.name === 'OFFICIAL_V2_REDSYS_DOC')!;
    const pitfalls = Object.entries(file.algorithm.pitfallsForOfficialVector).filter(([k]) => k !== 'note');
    assert.ok(pitfalls.length >= 4);
    for (const [name, signature] of pitfalls) {
      assert.notEqual(signature, official.signature, name);
      assert.equal(
        verifySignedFields(official.key, fields(official, signature), 'request', V2).ok,
        false,
        name,
      );
    }
  });

  test('a V2 signature is refused when the terminal is set to V1, and a V1 one when set to V2', () => {
    const official = file.vectors.find((v) => v.name === 'OFFICIAL_V2_REDSYS_DOC')!;
    const v1Only = verifySignedFields(official.key, fields(official), 'request', ['HMAC_SHA256_V1']);
    assert.deepEqual([v1Only.ok, v1Only.ok ? null : v1Only.reason], [false, 'version']);
    const params = decodeMerchantParameters(official.merchantParametersBase64)!;
    const v1 = signRequest(official.key, { ...params }, 'HMAC_SHA256_V1');
    const refused = verifySignedFields(official.key, v1, 'request', V2);
    assert.deepEqual([refused.ok, refused.ok ? null : refused.reason], [false, 'version']);
    // Claiming V2 over a V1 signature does not help either: the lengths and bytes differ.
    const claimed = verifySignedFields(
      official.key,
      { ...v1, Ds_SignatureVersion: 'HMAC_SHA512_V2' },
      'request',
      V2,
    );
    assert.deepEqual([claimed.ok, claimed.ok ? null : claimed.reason], [false, 'signature']);
  });

  test('requests and notifications made here verify in both alphabets, and a changed byte is refused', () => {
    const key = file.vectors[0]!.key;
    const request = signRequest(
      key,
      { DS_MERCHANT_ORDER: '000123AbCdEf', DS_MERCHANT_AMOUNT: '2490', DS_MERCHANT_TRANSACTIONTYPE: '3' },
      'HMAC_SHA512_V2',
    );
    assert.equal(request.Ds_SignatureVersion, 'HMAC_SHA512_V2');
    assert.doesNotMatch(
      request.Ds_MerchantParameters,
      /[+/=]/,
      'parameters in base64url as the official library sends',
    );
    assert.ok(verifySignedFields(key, request, 'request', V2).ok);
    const note = signNotification(key, { Ds_Order: '000123AbCdEf', Ds_Response: '0900' }, 'HMAC_SHA512_V2');
    assert.equal(note.Ds_Signature.length, 86);
    assert.ok(verifySignedFields(key, note, 'notification', V2).ok);
    const std = note.Ds_Signature.replace(/-/g, '+').replace(/_/g, '/');
    assert.ok(verifySignedFields(key, { ...note, Ds_Signature: `${std}==` }, 'notification', V2).ok);
    const flipped = (note.Ds_Signature[0] === 'A' ? 'B' : 'A') + note.Ds_Signature.slice(1);
    assert.equal(verifySignedFields(key, { ...note, Ds_Signature: flipped }, 'notification', V2).ok, false);
    assert.equal(verifySignedFields('Mk9m98IfEblmPfrpsawt7BmxObt98Jev', note, 'notification', V2).ok, false);
  });
});
