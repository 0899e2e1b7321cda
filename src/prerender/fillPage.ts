import { NONCE_PLACEHOLDER as NONCE } from '../app/cspNonce';
import { FRAME_ID } from '../app/prerenderedFrame';
import type { FramedPage } from './framedPages';
import { frameCss, frameScript } from './frameScript';
import type { PrerenderedPage } from './renderPage';

const ROOT = /<div id=(?:"root"|'root'|root)><\/div>/;

function checkTemplate(indexHtml: string): void {
  if (!ROOT.test(indexHtml)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head> for the prerendered styles');
}

/**
 * dist/login.html from the built dist/index.html: the page's critical CSS at the end of <head> and its markup in
 * the empty #root (HtmlWebpackPlugin may have minified the attribute quotes away). Throws when the template has
 * no such places, so a changed index.html fails the build instead of shipping an unrendered page.
 */
export function fillPage(indexHtml: string, page: PrerenderedPage): string {
  checkTemplate(indexHtml);
  return indexHtml.replace('</head>', () => `${page.styles}</head>`).replace(ROOT, () => `<div id="root">${page.html}</div>`);
}

/**
 * A framed signed-in page (framedPages.ts) from dist/index.html: #root stays empty for the app, which renders
 * afresh; the frame goes before it, hidden from assistive technology and input (it is a picture of the screen
 * until the app's own is on), shown by the first script only where a session is stored (frameScript.ts).
 * `framed`: the page's entry (framedPages.ts), for the first script's heading call.
 */
export function fillFramedPage(
  indexHtml: string,
  page: PrerenderedPage,
  framed?: Pick<FramedPage, 'pattern' | 'heading'>,
): string {
  checkTemplate(indexHtml);
  const script = frameScript(framed);
  const head = `<style nonce="${NONCE}">${frameCss()}</style><script nonce="${NONCE}">${script}</script>${page.styles}`;
  return indexHtml
    .replace('</head>', () => `${head}</head>`)
    .replace(ROOT, () => `<div id="${FRAME_ID}" aria-hidden="true" inert>${page.html}</div><div id="root"></div>`);
}
