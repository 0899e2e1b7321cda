-- Sign-in through OpenID Connect. A user is found by the identity that signed in, (issuer, subject), never by
-- e-mail alone: one user may have several identities (the laptop stand-in's and a hosted provider's).
--
-- An e-mail joins identities to one user only where the provider verified it. Only verified addresses are
-- unique, so an unverified address someone else typed can never take, or block, a real person's account.
-- The users made before this migration came from the stand-in (an e-mail, no provider): each keeps its e-mail,
-- counted as verified, and gets its stand-in identity. Signing in through a provider that verifies the same
-- address then reaches the same user, with its clips, events and tags (docs/deploy.md "Moving to a provider").
ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT true;
ALTER TABLE users ALTER COLUMN email_verified SET DEFAULT false;
ALTER TABLE users DROP CONSTRAINT users_email_key;
CREATE UNIQUE INDEX users_verified_email ON users (email) WHERE email_verified;
CREATE INDEX users_email ON users (email);

CREATE TABLE user_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX user_identities_by_user ON user_identities (user_id);

INSERT INTO user_identities (issuer, subject, user_id, created_at)
SELECT 'urn:courtside:stand-in', email, id, created_at FROM users;

-- A sign-in started at the provider: what the callback needs to redeem its code (the PKCE verifier, the nonce the
-- ID token must carry, the redirect_uri sent), found by its state. Single use, 10 minutes.
CREATE TABLE oidc_logins (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  redirect_uri text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
