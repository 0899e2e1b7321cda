/**
 * Where media files live (MEDIA_STORE): on disk under DATA_DIR (the default), or in an S3-compatible bucket
 * (`s3://bucket` or `s3://bucket/prefix`, with S3_ENDPOINT, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY
 * and S3_FORCE_PATH_STYLE). Parsing is pure: a bad value is a clear start-up error that never quotes a secret.
 */

export interface DiskStoreConfig {
  kind: 'disk';
}

export interface S3StoreConfig {
  kind: 's3';
  bucket: string;
  /** Key prefix inside the bucket, without leading or trailing `/`; '' for none. */
  prefix: string;
  /** S3_ENDPOINT (MinIO, R2, a local server …); undefined for AWS itself. */
  endpoint?: string;
  region: string;
  /** Bucket in the path (`https://host/bucket/key`) rather than in the host name; needed by most local servers. */
  forcePathStyle: boolean;
  /** Static keys; undefined leaves the SDK's default chain (instance role, web identity, ~/.aws, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export type MediaStoreConfig = DiskStoreConfig | S3StoreConfig;

export type MediaStoreEnv = Partial<
  Record<
    | 'MEDIA_STORE'
    | 'S3_ENDPOINT'
    | 'AWS_REGION'
    | 'AWS_DEFAULT_REGION'
    | 'AWS_ACCESS_KEY_ID'
    | 'AWS_SECRET_ACCESS_KEY'
    | 'AWS_SESSION_TOKEN'
    | 'S3_FORCE_PATH_STYLE',
    string
  >
>;

/** S3's bucket naming rules (the DNS-compatible ones every provider accepts). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9!_.*'()-]+$/;
const REGION = /^[a-z0-9-]{1,32}$/;

function fail(message: string): never {
  throw new Error(message);
}

function parseBucketUrl(raw: string): { bucket: string; prefix: string } {
  const m = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(raw);
  if (!m) fail('Invalid MEDIA_STORE: expected s3://bucket or s3://bucket/prefix (or unset for the disk under DATA_DIR)');
  const bucket = m[1] ?? '';
  if (!BUCKET.test(bucket) || bucket.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(bucket)) {
    fail('Invalid MEDIA_STORE: the bucket name must be 3 to 63 lowercase letters, digits, dots or hyphens');
  }
  const prefix = (m[2] ?? '').replace(/\/+$/, '');
  if (prefix !== '' && !prefix.split('/').every((s) => PREFIX_SEGMENT.test(s) && s !== '.' && s !== '..')) {
    fail("Invalid MEDIA_STORE: the key prefix may hold letters, digits and !_.*'()- between single slashes");
  }
  return { bucket, prefix };
}

function parseEndpoint(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail('Invalid S3_ENDPOINT: expected an http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail('Invalid S3_ENDPOINT: expected an http:// or https:// URL');
  // Keys belong in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; the value is not repeated, it may hold one.
  if (url.username || url.password) fail('Invalid S3_ENDPOINT: it must not hold credentials (use AWS_ACCESS_KEY_ID)');
  if (url.search || url.hash) fail('Invalid S3_ENDPOINT: expected no query or fragment');
  return url.toString().replace(/\/$/, '');
}

function parseFlag(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  return fail(`Invalid ${name}: expected 1 or 0`);
}

/** MEDIA_STORE and the S3 variables → the store to build; throws an Error with a one-line message on bad input. */
export function parseMediaStoreConfig(env: MediaStoreEnv): MediaStoreConfig {
  const raw = env.MEDIA_STORE?.trim() ?? '';
  if (raw === '' || raw === 'disk') return { kind: 'disk' };
  const { bucket, prefix } = parseBucketUrl(raw);
  const endpoint = env.S3_ENDPOINT?.trim() ? parseEndpoint(env.S3_ENDPOINT.trim()) : undefined;
  const regionRaw = env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || (endpoint ? 'us-east-1' : '');
  if (regionRaw === '') fail('MEDIA_STORE is an S3 bucket: set AWS_REGION (or S3_ENDPOINT for an S3-compatible server)');
  if (!REGION.test(regionRaw)) fail('Invalid AWS_REGION: expected a region name such as eu-west-1');
  const keyId = env.AWS_ACCESS_KEY_ID?.trim() ?? '';
  const secret = env.AWS_SECRET_ACCESS_KEY?.trim() ?? '';
  if (keyId === '' && secret !== '') fail('AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not: set both or neither');
  if (keyId !== '' && secret === '') fail('AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not: set both or neither');
  const sessionToken = env.AWS_SESSION_TOKEN?.trim() || undefined;
  return {
    kind: 's3',
    bucket,
    prefix,
    ...(endpoint ? { endpoint } : {}),
    region: regionRaw,
    forcePathStyle: parseFlag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE?.trim()),
    ...(keyId ? { credentials: { accessKeyId: keyId, secretAccessKey: secret, ...(sessionToken ? { sessionToken } : {}) } } : {}),
  };
}

/** For the start-up log line: where media goes, without keys. */
export function describeMediaStore(config: MediaStoreConfig, dataDir: string): string {
  if (config.kind === 'disk') return `disk (${dataDir})`;
  const where = `s3://${config.bucket}${config.prefix ? `/${config.prefix}` : ''}`;
  return `${where} (${config.endpoint ?? `AWS ${config.region}`})`;
}
