import * as v from 'valibot';
import { api } from '../../../api/apiSlice';
import { envelope } from '../../../api/envelope';
import type { AuthResponse } from '../model/authRecord';
import { AUTH_REQUEST_TIMEOUT_MS, LOGOUT_TIMEOUT_MS } from '../model/constants';
import { authAnswerSchema } from './sessionSchemas';

const authResponseSchema = envelope(authAnswerSchema);

const loginUrlSchema = envelope(v.object({ authUrl: v.pipe(v.string(), v.url()) }));
const logoutSchema = envelope(
  v.object({ requiresRedirect: v.optional(v.boolean(), false), logoutUrl: v.optional(v.nullable(v.string())) }),
);

/** The server's IDP_NAME: a path segment (docs/api.md "Sign-in"). */
const configSchema = envelope(v.object({ provider: v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/)) }));

/** What the provider sent the browser back with, as the server needs it to finish the sign-in. */
export interface LoginReturnParams {
  provider: string;
  code: string;
  state?: string | null;
  iss?: string;
}

/** Auth calls of docs/product/part-1.md §7. None of them goes through the re-auth logic of the baseQuery. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Which provider signs people in: the server's setting, so one build serves any. */
    authProvider: build.mutation<string, void>({
      query: () => ({ url: 'auth/config', method: 'GET', timeout: AUTH_REQUEST_TIMEOUT_MS }),
      rawResponseSchema: configSchema,
      transformResponse: (raw: v.InferOutput<typeof configSchema>) => raw.data.provider,
      extraOptions: { auth: 'none' },
    }),
    startLogin: build.mutation<string, { provider: string }>({
      query: ({ provider }) => ({
        url: `auth/${encodeURIComponent(provider)}/login`,
        method: 'GET',
        timeout: AUTH_REQUEST_TIMEOUT_MS,
      }),
      rawResponseSchema: loginUrlSchema,
      transformResponse: (raw: v.InferOutput<typeof loginUrlSchema>) => raw.data.authUrl,
      extraOptions: { auth: 'none' },
    }),
    completeLogin: build.mutation<AuthResponse, LoginReturnParams>({
      query: ({ provider, code, state, iss }) => ({
        url: `auth/${encodeURIComponent(provider)}/callback`,
        method: 'POST',
        // The spec's {code}, with the state a hosted provider's sign-in is found by and the issuer it named.
        body: { code, ...(state ? { state } : {}), ...(iss ? { iss } : {}) },
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
