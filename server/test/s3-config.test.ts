import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseMediaStoreConfig } from '../lib/mediaStore/config';
import { presignWindow } from '../lib/mediaStore/s3Store';
import { contentSecurityPolicy } from '../lib/security';
import { sharePageCsp } from '../lib/sharePageHtml';

/** MEDIA_STORE and the S3 variables (docs/deploy.md "Media on object storage"): parsed once, at start. */

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

function refusal(env: Record<string, string>): string {
  try {
    parseMediaStoreConfig(env);
  } catch (err) {
    const message = (err as Error).message;
    assert.ok(!message.includes(SECRET), `the message quotes the secret: ${message}`);
    assert.ok(!message.includes('hunter2'), `the message quotes a password: ${message}`);
    return message;
  }
  assert.fail(`accepted ${JSON.stringify(env)}`);
}

describe('MEDIA_STORE', () => {
  test('unset, empty or "disk": the disk under DATA_DIR, whatever else is set', () => {
    assert.deepEqual(parseMediaStoreConfig({}), { kind: 'disk' });
    assert.deepEqual(parseMediaStoreConfig({ MEDIA_STORE: '' }), { kind: 'disk' });
    assert.deepEqual(parseMediaStoreConfig({ MEDIA_STORE: 'disk', S3_FORCE_PATH_STYLE: 'bogus' }), { kind: 'disk' });
  });

  test('s3://bucket on AWS: region required, keys from the default chain when not given', () => {
    assert.deepEqual(parseMediaStoreConfig({ MEDIA_STORE: 's3://courtside-media', AWS_REGION: 'eu-west-1' }), {
      kind: 's3',
      bucket: 'courtside-media',
      prefix: '',
      region: 'eu-west-1',
      forcePathStyle: false,
    });
    const fallback = parseMediaStoreConfig({ MEDIA_STORE: 's3://b-1', AWS_DEFAULT_REGION: 'us-west-2' });
    assert.equal(fallback.kind === 's3' ? fallback.region : null, 'us-west-2');
    assert.match(refusal({ MEDIA_STORE: 's3://courtside-media' }), /AWS_REGION/);
  });

  test('an S3-compatible server: endpoint, path style, keys, a prefix', () => {
    assert.deepEqual(
      parseMediaStoreConfig({
        MEDIA_STORE: 's3://media/prod/courtside/',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
        AWS_SECRET_ACCESS_KEY: SECRET,
        S3_FORCE_PATH_STYLE: '1',
      }),
      {
        kind: 's3',
        bucket: 'media',
        prefix: 'prod/courtside',
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: SECRET },
      },
    );
  });

  test('bad values stop the start with a message naming the variable, never a secret', () => {
    const base = { AWS_REGION: 'eu-west-1' };
    assert.match(refusal({ ...base, MEDIA_STORE: 'gs://bucket' }), /Invalid MEDIA_STORE/);
    assert.match(refusal({ ...base, MEDIA_STORE: 's3://' }), /bucket name/);
    assert.match(refusal({ ...base, MEDIA_STORE: 's3://Upper_Case' }), /bucket name/);
    assert.match(refusal({ ...base, MEDIA_STORE: 's3://192.168.1.1' }), /bucket name/);
    assert.match(refusal({ ...base, MEDIA_STORE: 's3://bucket/a//b' }), /prefix/);
    assert.match(refusal({ ...base, MEDIA_STORE: 's3://bucket/../x' }), /prefix/);
    assert.match(refusal({ ...base, MEDIA_STORE: 's3://bucket', S3_ENDPOINT: 'ftp://host' }), /Invalid S3_ENDPOINT/);
    assert.match(refusal({ ...base, MEDIA_STORE: 's3://bucket', S3_ENDPOINT: 'not a url' }), /Invalid S3_ENDPOINT/);
    assert.match(
      refusal({ ...base, MEDIA_STORE: 's3://bucket', S3_ENDPOINT: 'https://admin:hunter2@minio.local' }),
      /must not hold credentials/,
    );
    assert.match(refusal({ ...base, MEDIA_STORE: 's3://bucket', AWS_REGION: 'EU WEST' }), /Invalid AWS_REGION/);
    assert.match(refusal({ ...base, MEDIA_STORE: 's3://bucket', AWS_SECRET_ACCESS_KEY: SECRET }), /AWS_ACCESS_KEY_ID is not/);
    assert.match(
      refusal({ ...base, MEDIA_STORE: 's3://bucket', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' }),
      /AWS_SECRET_ACCESS_KEY is not/,
    );
    assert.match(refusal({ ...base, MEDIA_STORE: 's3://bucket', S3_FORCE_PATH_STYLE: 'yes' }), /Invalid S3_FORCE_PATH_STYLE/);
  });
});

describe('presigned serving URLs', () => {
  test('one URL per window, valid at least one window more; shares (max-age 0) still get 5 minutes', () => {
    const t = Date.parse('2030-03-01T21:37:12.400Z');
    const hour = presignWindow(3600, t);
    assert.equal(hour.signingDate.toISOString(), '2030-03-01T21:00:00.000Z');
    assert.equal(hour.expiresIn, 7200);
    assert.ok(hour.remaining >= 3600 && hour.remaining <= 7200, String(hour.remaining));
    assert.deepEqual(presignWindow(3600, t + 60_000).signingDate, hour.signingDate, 'the same URL within the hour');
    const share = presignWindow(0, t);
    assert.equal(share.life, 300);
    assert.equal(share.signingDate.toISOString(), '2030-03-01T21:35:00.000Z');
    assert.ok(share.remaining >= 300);
  });
});

test('the CSP lets images and video load from the object store the media URLs redirect to, and from nowhere else', () => {
  const origin = 'https://media.example.com';
  for (const csp of [contentSecurityPolicy({ mapsKey: false, mediaOrigin: origin }), sharePageCsp('n', origin)]) {
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d] as const));
    assert.ok(directives.get('img-src')?.includes(origin), csp);
    assert.ok(directives.get('media-src')?.includes(origin), csp);
    assert.ok(!directives.get('script-src')?.includes(origin), csp);
    assert.ok(!directives.get('connect-src')?.includes(origin), csp);
  }
  assert.ok(!contentSecurityPolicy({ mapsKey: false, mediaOrigin: null }).includes('media.example.com'));
  assert.equal(sharePageCsp('n'), sharePageCsp('n', null));
});
