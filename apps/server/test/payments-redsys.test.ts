import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  decodeMerchantParameters,
  decodeParamValue,
  deriveOrderKey,
  encodeMerchantParameters,
  isAuthorised,
  isGatewayOrder,
  paramOf,
  parseMerchantKey,
  RedsysKeyError,
  sameNumber,
  signNotification,
  signRequest,
  verifySignedFields,
} from '../src/modules/payments/redsys.ts';
import { mintGatewayOrder } from '../src/modules/payments/service.ts';

interface Vectors {
  keys: Record<string, string>;
  derivedKey3DES_b64: { key: string; order: string; out: string }[];
  requests: {
    id: string;
    key: string;
    order: string;
    json: string;
    Ds_MerchantParameters: string;
    Ds_Signature: string;
  }[];
  notifications: {
    id: string;
    key: string;
    Ds_SignatureVersion: string;
    Ds_MerchantParameters: string;
    Ds_Signature: string;
    negative_forged_signature?: string;
  }[];
}

/** Published HMAC_SHA256_V1 vectors, each naming the public project it comes from (fixtures/README.md). */
const vectors = JSON.parse(
  readFileSync(new URL('./fixtures/redsys-test-vectors.json', import.meta.url), 'utf8'),
) as Vectors;

/** "SQ7" names "SQ7_public_test" in the file's key table. */
function keyOf(short: string): string {
  const name = Object.keys(vectors.keys).find((k) => k.startsWith(`${short}_`));
  assert.ok(name, `key ${short} in the vectors`);
  return vectors.keys[name]!;
}

const toStdBase64 = (s: string) => s.replace(/-/g, '+').replace(/_/g, '/');
const toUrlBase64 = (s: string) => s.replace(/\+/g, '-').replace(/\//g, '_');

describe('Redsys HMAC_SHA256_V1 against the published vectors', () => {
  test('the file has vectors of every kind', () => {
    assert.ok(vectors.derivedKey3DES_b64.length >= 3);
    assert.ok(vectors.requests.length >= 2);
    assert.ok(vectors.notifications.length >= 2);
  });

  for (const v of vectors.derivedKey3DES_b64) {
    test(`per-order 3DES key: key ${v.key}, order "${v.order}"`, () => {
      assert.equal(deriveOrderKey(keyOf(v.key), v.order).toString('base64'), v.out);
    });
  }

  for (const v of vectors.requests) {
    test(`request ${v.id}: parameters and signature`, () => {
      const params = JSON.parse(v.json) as Record<string, string>;
      assert.equal(encodeMerchantParameters(params), v.Ds_MerchantParameters);
      const signed = signRequest(keyOf(v.key), params);
      assert.deepEqual(signed, {
        Ds_SignatureVersion: 'HMAC_SHA256_V1',
        Ds_MerchantParameters: v.Ds_MerchantParameters,
        Ds_Signature: v.Ds_Signature,
      });
      const checked = verifySignedFields(keyOf(v.key), signed, 'request');
      assert.ok(checked.ok);
      assert.equal(checked.order, v.order);
      assert.deepEqual({ ...checked.params }, params);
    });
  }

  for (const v of vectors.notifications) {
    const fields = {
      Ds_SignatureVersion: v.Ds_SignatureVersion,
      Ds_MerchantParameters: v.Ds_MerchantParameters,
      Ds_Signature: v.Ds_Signature,
    };

    test(`notification ${v.id}: the published signature verifies`, () => {
      const checked = verifySignedFields(keyOf(v.key), fields, 'notification');
      assert.ok(checked.ok, JSON.stringify(checked));
      assert.equal(checked.order, paramOf(checked.params, 'Ds_Order'));
      assert.equal(paramOf(checked.params, 'Ds_Response'), '0000');
    });

    test(`notification ${v.id}: re-signing gives the same signature (URL-safe base64)`, () => {
      const params = decodeMerchantParameters(v.Ds_MerchantParameters)!;
      const signed = signNotification(keyOf(v.key), { ...params });
      assert.equal(signed.Ds_MerchantParameters, v.Ds_MerchantParameters);
      assert.equal(signed.Ds_Signature, v.Ds_Signature);
    });

    test(`notification ${v.id}: the signature is accepted in either base64 alphabet, padded or not`, () => {
      for (const sig of [
        toStdBase64(v.Ds_Signature),
        toUrlBase64(v.Ds_Signature),
        v.Ds_Signature.replace(/=+$/, ''),
        toStdBase64(v.Ds_Signature).replace(/=+$/, ''),
      ]) {
        assert.ok(verifySignedFields(keyOf(v.key), { ...fields, Ds_Signature: sig }, 'notification').ok, sig);
      }
    });

    test(`notification ${v.id}: base64url parameters decode to the same values`, () => {
      const std = decodeMerchantParameters(v.Ds_MerchantParameters);
      const url = decodeMerchantParameters(toUrlBase64(v.Ds_MerchantParameters).replace(/=+$/, ''));
      assert.ok(std);
      assert.deepEqual({ ...url }, { ...std });
    });

    test(`notification ${v.id}: a forged or tampered notification is refused`, () => {
      const key = keyOf(v.key);
      if (v.negative_forged_signature) {
        const forged = verifySignedFields(
          key,
          { ...fields, Ds_Signature: v.negative_forged_signature },
          'notification',
        );
        assert.deepEqual([forged.ok, !forged.ok && forged.reason], [false, 'signature']);
      }
      const otherKey = Object.values(vectors.keys).find((k) => k !== key)!;
      const wrongKey = verifySignedFields(otherKey, fields, 'notification');
      assert.equal(wrongKey.ok, false);

      const params = decodeMerchantParameters(v.Ds_MerchantParameters)!;
      const tampered = encodeMerchantParameters({ ...params, Ds_Amount: '1' });
      const res = verifySignedFields(key, { ...fields, Ds_MerchantParameters: tampered }, 'notification');
      assert.deepEqual([res.ok, !res.ok && res.reason], [false, 'signature']);

      for (const bad of ['', 'x', '!!!!', 'AAAA', `${v.Ds_Signature}AAAA`]) {
        assert.equal(
          verifySignedFields(key, { ...fields, Ds_Signature: bad }, 'notification').ok,
          false,
          bad,
        );
      }
      assert.equal(
        verifySignedFields(key, { ...fields, Ds_SignatureVersion: 'HMAC_SHA512_V2' }, 'notification').ok,
        false,
      );
      assert.equal(
        verifySignedFields(key, { ...fields, Ds_MerchantParameters: 'bm90IGpzb24=' }, 'notification').ok,
        false,
      );
    });
  }
});

describe('Redsys helpers', () => {
  test('the merchant key must be base64 of 24 bytes', () => {
    assert.equal(parseMerchantKey(keyOf('SQ7')).length, 24);
    assert.throws(() => parseMerchantKey('too-short'), RedsysKeyError);
    assert.throws(() => parseMerchantKey('a'.repeat(44)), RedsysKeyError);
  });

  test('merchant parameters: only JSON objects, only sane names', () => {
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    assert.equal(decodeMerchantParameters(b64('[1,2]')), null);
    assert.equal(decodeMerchantParameters(b64('"text"')), null);
    assert.equal(decodeMerchantParameters('%%%'), null);
    assert.equal(decodeMerchantParameters(''), null);
    const parsed = decodeMerchantParameters(
      b64('{"__proto__":{"x":"1"},"Ds_Order":"0001ab","Ds_Amount":145,"n":null}'),
    )!;
    assert.deepEqual({ ...parsed }, { Ds_Order: '0001ab', Ds_Amount: '145' });
    assert.equal(({} as Record<string, unknown>).x, undefined);
  });

  test('parameter names match whatever their capitals', () => {
    assert.equal(paramOf({ DS_ORDER: '1234' }, 'Ds_Order'), '1234');
    assert.equal(paramOf({ Ds_Order: '1234' }, 'Ds_Order'), '1234');
    assert.equal(paramOf({}, 'Ds_Order'), undefined);
  });

  test('Ds_Response 0000 to 0099 is authorised, anything else is not', () => {
    for (const code of ['0000', '0', '0099', '99']) assert.equal(isAuthorised(code), true, code);
    for (const code of ['0100', '0190', '9915', '0900', '', 'abcd', '-1', undefined]) {
      assert.equal(isAuthorised(code), false, String(code));
    }
  });

  test('numbers written as text compare by value', () => {
    assert.equal(sameNumber('001', '1'), true);
    assert.equal(sameNumber('999008881', '999008881'), true);
    assert.equal(sameNumber('2', '1'), false);
    assert.equal(sameNumber('1.0', '1'), false);
    assert.equal(sameNumber(undefined, '1'), false);
  });

  test('URL-encoded values inside the parameters are read back', () => {
    assert.equal(decodeParamValue('22%2F10%2F2021'), '22/10/2021');
    assert.equal(decodeParamValue('100%'), '100%');
  });

  test('gateway order numbers: 12 characters, the shop order number first, fresh every time', () => {
    const a = mintGatewayOrder(123);
    const b = mintGatewayOrder(123);
    assert.match(a, /^000123[0-9A-Za-z]{6}$/);
    assert.notEqual(a, b);
    assert.ok(isGatewayOrder(a));
    assert.match(mintGatewayOrder(1_234_567_890), /^34567890[0-9A-Za-z]{4}$/);
    for (const bad of ['123', 'ab12345', '1234567890123', '1234-5'])
      assert.equal(isGatewayOrder(bad), false, bad);
  });
});
