import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3StoreConfig } from '../lib/mediaStore/config';

/** A local S3-compatible server (s3rver, in this process, on a free port, over a temp directory) for the S3 tests. */

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets?: { name: string; configs: string[] }[];
}) => S3rverInstance;

const require = createRequire(import.meta.url);
// s3rver ships no types.
const S3rver = require('s3rver') as S3rverClass;

/** s3rver's fixed key pair (it checks signatures against it). */
const KEY = 'S3RVER';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The store config an app is started with (buildApp's `mediaStore`). */
  config: S3StoreConfig;
  client: S3Client;
  /** Every key in the bucket, sorted. */
  keys: () => Promise<string[]>;
  close: () => Promise<void>;
}

export async function startLocalS3(bucket = 'courtside-media', prefix = ''): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'courtside-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3StoreConfig = {
    kind: 's3',
    bucket,
    prefix,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  };
  const client = new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: config.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    config,
    client,
    keys: async () => {
      const r = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (r.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
