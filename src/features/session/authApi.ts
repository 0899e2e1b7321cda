import * as v from 'valibot';
import { api } from '../../api/apiSlice';
import { envelope } from '../../api/envelope';
import { config } from '../../app/config';
import { readerSchema } from '../../lib/readerSchema';
import { readAuthAnswer, type AuthResponse } from './authRecord';
import { AUTH_REQUEST_TIMEOUT_MS, LOGOUT_TIMEOUT_MS } from './constants';

const authResponseSchema = envelope(readerSchema(readAuthAnswer, 'Expected a user and a token'));

const loginUrlSchema = envelope(v.object({ authUrl: v.pipe(v.string(), v.url()) }));
const logoutSchema = envelope(
  v.object({ requiresRedirect: v.optional(v.boolean(), false), logoutUrl: v.optional(v.nullable(v.string())) }),
);

const provider = () => encodeURIComponent(config.idpName);

/** Auth calls of docs/product/part-1.md §7. None of them goes through the re-auth logic of the baseQuery. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    startLogin: build.mutation<string, void>({
      query: () => ({ url: `auth/${provider()}/login`, method: 'GET', timeout: AUTH_REQUEST_TIMEOUT_MS }),
      rawResponseSchema: loginUrlSchema,
      transformResponse: (raw: v.InferOutput<typeof loginUrlSchema>) => raw.data.authUrl,
      extraOptions: { auth: 'none' },
    }),
    completeLogin: build.mutation<AuthResponse, { code: string }>({
      query: ({ code }) => ({
        url: `auth/${provider()}/callback`,
        method: 'POST',
        body: { code },
        timeout: AUTH_REQUEST_TIMEOUT_MS,
      }),
      rawResponseSchema: authResponseSchema,
      transformResponse: (raw: v.InferOutput<typeof authResponseSchema>) => raw.data,
      extraOptions: { auth: 'none' },
    }),
    refreshToken: build.mutation<AuthResponse, void>({
      query: () => ({ url: 'auth/verify/refresh', method: 'POST', timeout: AUTH_REQUEST_TIMEOUT_MS }),
      rawResponseSchema: authResponseSchema,
      transformResponse: (raw: v.InferOutput<typeof authResponseSchema>) => raw.data,
      extraOptions: { auth: 'session-call' },
    }),
    serverLogout: build.mutation<{ requiresRedirect: boolean; logoutUrl: string | null }, { token: string; returnTo: string }>({
      query: ({ token, returnTo }) => ({
        url: 'auth/logout',
        method: 'POST',
        body: { returnTo },
        headers: { Authorization: `Bearer ${token}` },
        timeout: LOGOUT_TIMEOUT_MS,
      }),
      rawResponseSchema: logoutSchema,
      transformResponse: (raw: v.InferOutput<typeof logoutSchema>) => ({
        requiresRedirect: raw.data.requiresRedirect,
        logoutUrl: raw.data.logoutUrl ?? null,
      }),
      extraOptions: { auth: 'session-call' },
    }),
  }),
});
