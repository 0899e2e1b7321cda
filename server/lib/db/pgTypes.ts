import pg from 'pg';

/**
 * Result parsing for the `pg` driver, made to match PGlite's (openPglite passes it DATE_PARSERS), so a row is the
 * same object on both engines: int8 as a number while it is a safe integer (pg's default is a string), and
 * date/timestamp values through postgres-date (pg's own parser), with ±infinity as ±Infinity. Everything else
 * (int4, float, bool, json, arrays) already parses alike.
 */
const INT8 = 20;
const DATE_OIDS = [1082, 1114, 1184] as const;

function parseInt8(text: string): number | bigint {
  const n = BigInt(text);
  return n < Number.MIN_SAFE_INTEGER || n > Number.MAX_SAFE_INTEGER ? n : Number(n);
}

/**
 * postgres-date, as pg ships it: `new Date(text)` (which both engines used before) reads "0050-06-01 …" as 1950
 * and cannot read an offset with seconds ("1800-01-01 00:53:28+00:53:28", a zone's local mean time before 1890).
 */
const parseDate = pg.types.getTypeParser(1184, 'text') as (text: string) => Date | number;

/** The date and timestamp parsers, by type OID, for PGlite's `parsers` option. */
export const DATE_PARSERS: Record<number, (text: string) => unknown> = Object.fromEntries(
  DATE_OIDS.map((oid) => [oid, parseDate]),
);

export const PG_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary') {
      if (oid === INT8) return parseInt8;
      if ((DATE_OIDS as readonly number[]).includes(oid)) return parseDate;
    }
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};
