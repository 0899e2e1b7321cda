/**
 * `npm run dev:oidc`: a real OpenID Provider on this machine, to try the hosted sign-in without an account
 * anywhere. It prints the settings to start the app with. Any login name that is an e-mail, any password.
 */
import { startOidcProvider } from './oidcProvider';

const appOrigin = (process.env.PUBLIC_ORIGIN || 'http://localhost:3000').replace(/\/+$/, '');
const port = Number(process.env.OIDC_PORT ?? 4000);
const provider = await startOidcProvider({
  port,
  clients: [
    {
      client_id: 'courtside-dev',
      client_secret: 'courtside-dev-secret',
      redirect_uris: [`${appOrigin}/login`],
      post_logout_redirect_uris: [`${appOrigin}/login?logout=success`],
    },
  ],
});
console.info(`OpenID Provider running at ${provider.issuer} for the app at ${appOrigin}. Start the app with:

  OIDC_ISSUER=${provider.issuer} OIDC_CLIENT_ID=courtside-dev OIDC_CLIENT_SECRET=courtside-dev-secret \\
  IDP_NAME=dev ADMIN_EMAILS=you@example.com npm start

Sign in with any e-mail as the login and any password.`);
