import pg from 'pg';

/**
 * Result parsing for the `pg` driver, made to match PGlite's, so a row is the same object on both engines:
 * int8 as a number while it is a safe integer (pg's default is a string), and date/timestamp values as
 * `new Date(text)` with ±infinity as ±Infinity. Everything else (int4, float, bool, json, arrays) already
 * parses alike.
 */
const INT8 = 20;
const DATE_OIDS = new Set([1082, 1114, 1184]);

function parseInt8(text: string): number | bigint {
  const n = BigInt(text);
  return n < Number.MIN_SAFE_INTEGER || n > Number.MAX_SAFE_INTEGER ? n : Number(n);
}

function parseDate(text: string): Date | number {
  if (text === 'infinity') return Infinity;
  if (text === '-infinity') return -Infinity;
  return new Date(text);
}

export const PG_TYPES: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary') {
      if (oid === INT8) return parseInt8;
      if (DATE_OIDS.has(oid)) return parseDate;
    }
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};
