/**
 * Shares as other features see it (lint: import-x/no-restricted-paths): the Share button the highlight screens
 * show. Re-exports only; the dialog, the share calls and the link list load on the first Share.
 */
export { ShareButton, type ShareButtonProps } from './components/ShareButton';
