/**
 * The sign-in flow as other features see it: the one module they may import from this feature
 * (lint: import-x/no-restricted-paths). Today only the diagnostics tests replay its events.
 */
export { loginFailed, loginPageOpened } from './model/loginSlice';
export { canHydrateLoginPage, PRERENDERED_LOGIN_PATH } from './model/prerenderedLogin';
