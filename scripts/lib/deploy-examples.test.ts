// The production examples in deploy/ agree with the code they run: nginx lets through the largest
// photo the shop accepts and retries only what the shop marks as retryable, systemd waits longer
// than the graceful stop, and the settings they name are the shop's own.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { MAX_UPLOAD_BYTES } from '../../apps/server/src/modules/images/index.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const nginx = read('deploy/nginx/shop.conf');
const unit = read('deploy/systemd/shop@.service');

/** The directive's value in the nginx file (the first one). */
const directive = (name: string): string => {
  const found = new RegExp(`^\\s*${name}\\s+([^;]+);`, 'm').exec(nginx);
  assert.ok(found, `nginx: no ${name}`);
  return found[1]!.trim();
};
const SIZE = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 } as const;

describe('deploy/ examples', () => {
  test('nginx: the largest photo gets through, the client address and scheme are passed on, and only a 503 or a dead instance is retried', () => {
    const [, amount, unitOf] = /^(\d+)([kmg])?$/i.exec(directive('client_max_body_size'))!;
    const bytes = Number(amount) * (unitOf ? SIZE[unitOf.toLowerCase() as keyof typeof SIZE] : 1);
    assert.ok(bytes > MAX_UPLOAD_BYTES, `client_max_body_size ${bytes} <= ${MAX_UPLOAD_BYTES}`);
    assert.match(nginx, /proxy_set_header X-Forwarded-For \$(proxy_add_x_forwarded_for|remote_addr);/);
    assert.match(nginx, /proxy_set_header X-Forwarded-Proto https;/);
    assert.match(nginx, /proxy_set_header Host \$host;/);
    const retried = directive('proxy_next_upstream').split(/\s+/);
    assert.deepEqual(
      retried.filter((c) => c.startsWith('http_')),
      ['http_503'],
    );
    assert.ok(retried.includes('non_idempotent'));
    assert.match(directive('proxy_pass'), /^http:\/\/shop$/);
    assert.match(nginx, /upstream shop \{[^}]*server 127\.0\.0\.1:3001/);
  });

  test('systemd: a graceful stop has the time it needs, and the unit runs the built server with the shop’s settings', () => {
    const server = read('apps/server/src/server.ts');
    const grace = /setTimeout\(\(\) => process\.exit\(1\), ([\d_]+)\)/.exec(server);
    assert.ok(grace, 'server.ts: the graceful stop’s limit');
    const graceSeconds = Number(grace[1]!.replaceAll('_', '')) / 1000;
    const stop = /^TimeoutStopSec=(\d+)$/m.exec(unit);
    assert.ok(stop && Number(stop[1]) > graceSeconds, `TimeoutStopSec must exceed ${graceSeconds} s`);
    assert.match(unit, /^KillSignal=SIGTERM$/m);
    assert.match(unit, /^ExecStart=\S*node apps\/server\/dist\/server\.js$/m);
    const env = read('.env.example');
    for (const [, name] of unit.matchAll(/^Environment=([A-Z_]+)=/gm)) {
      assert.match(env, new RegExp(`^#? ?${name}=`, 'm'), `${name} is not a setting of .env.example`);
    }
  });
});
