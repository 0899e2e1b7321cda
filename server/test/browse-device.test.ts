import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { deviceName, MAX_CLIP_SECONDS, MAX_DEVICE_LENGTH, readProbe } from '../lib/ffmpeg';

/** The recording device shown on clip cards (docs/product/part-2.md §3), read from ffprobe's tags. */
describe('recording device from container and stream tags', () => {
  test('Apple, Android and plain make/model tags, in that order of trust', () => {
    assert.equal(
      deviceName([{ 'com.apple.quicktime.make': 'Apple', 'com.apple.quicktime.model': 'iPhone 15 Pro' }]),
      'Apple iPhone 15 Pro',
    );
    assert.equal(deviceName([{ 'com.android.manufacturer': 'samsung', 'com.android.model': 'SM-S918B' }]), 'samsung SM-S918B');
    assert.equal(deviceName([{ make: 'Canon', model: 'EOS R5' }]), 'Canon EOS R5');
    assert.equal(deviceName([{ Make: 'GoPro', MODEL: 'HERO12 Black' }]), 'GoPro HERO12 Black');
    // Apple's pair wins over plain tags on the same file.
    assert.equal(
      deviceName([
        { make: 'Other', model: 'Thing', 'com.apple.quicktime.make': 'Apple', 'com.apple.quicktime.model': 'iPhone 15' },
      ]),
      'Apple iPhone 15',
    );
    // The container's tags are looked at before the streams'.
    assert.equal(deviceName([{ make: 'Sony' }, { make: 'Ignored', model: 'FX3' }]), 'Sony FX3');
    assert.equal(deviceName([{}, { 'com.android.manufacturer': 'Google', 'com.android.model': 'Pixel 8' }]), 'Google Pixel 8');
  });

  test('model alone when the make is missing or already in the model; make alone; nothing → null', () => {
    assert.equal(deviceName([{ 'com.apple.quicktime.model': 'iPhone 15' }]), 'iPhone 15');
    assert.equal(deviceName([{ make: 'Apple', model: 'Apple iPhone 15' }]), 'Apple iPhone 15');
    assert.equal(deviceName([{ make: 'SAMSUNG', model: 'samsung Galaxy S24' }]), 'samsung Galaxy S24');
    assert.equal(deviceName([{ make: 'DJI' }]), 'DJI');
    assert.equal(deviceName([]), null);
    assert.equal(deviceName([{ encoder: 'Lavf58' }]), null);
    assert.equal(deviceName([{ make: '   ', model: '\u0000\u0001' }]), null);
  });

  test('trimmed, control characters and lone surrogates dropped, at most 100 characters', () => {
    assert.equal(deviceName([{ make: '  Apple\u0000 ', model: '\tiPhone\u0007 15\n' }]), 'Apple iPhone 15');
    assert.equal(deviceName([{ make: 'Ca\u0085non', model: 'R\ud8005' }]), 'Canon R5');
    assert.equal(deviceName([{ make: 'Emoji', model: 'Cam 📷' }]), 'Emoji Cam 📷');
    const long = deviceName([{ make: 'M'.repeat(60), model: 'X'.repeat(60) }]);
    assert.equal(long?.length, MAX_DEVICE_LENGTH);
    assert.equal(long, `${'M'.repeat(60)} ${'X'.repeat(39)}`);
    // A cut through an emoji's surrogate pair leaves no half behind.
    const emoji = deviceName([{ model: `${'x'.repeat(99)}📷` }]);
    assert.equal(emoji, 'x'.repeat(99));
    // Non-string tag values (a malformed probe) are ignored.
    assert.equal(deviceName([{ make: 42, model: { a: 1 } } as Record<string, unknown>]), null);
  });

  test('readProbe reports the device from the format tags, else from a stream', () => {
    const fromFormat = readProbe({
      format: { tags: { 'com.apple.quicktime.make': 'Apple', 'com.apple.quicktime.model': 'iPhone 15' } },
      streams: [{ codec_type: 'video', width: 1920, height: 1080 }],
    });
    assert.equal(fromFormat.device, 'Apple iPhone 15');
    const fromStream = readProbe({
      format: {},
      streams: [{ codec_type: 'video', width: 1920, height: 1080, tags: { make: 'Sony', model: 'ZV-1' } }],
    });
    assert.equal(fromStream.device, 'Sony ZV-1');
    assert.equal(readProbe({}).device, null);
  });

  test('readProbe believes a stated length up to 24 h: beyond it (a crafted file) the length is unknown', () => {
    const video = [{ codec_type: 'video', width: 160, height: 120 }];
    assert.equal(readProbe({ format: { duration: '86400' }, streams: video }).duration, MAX_CLIP_SECONDS);
    assert.equal(readProbe({ format: { duration: '86400.5' }, streams: video }).duration, null);
    assert.equal(readProbe({ format: {}, streams: [{ ...video[0], duration: '9223373535275.000000' }] }).duration, null);
    assert.equal(readProbe({ format: { duration: '12.3456' }, streams: video }).duration, 12.346);
  });
});
