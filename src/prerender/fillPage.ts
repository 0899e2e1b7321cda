import type { PrerenderedPage } from './renderPage';

const ROOT = /<div id=(?:"root"|'root'|root)><\/div>/;

/**
 * dist/login.html from the built dist/index.html: the page's critical CSS at the end of <head> and its markup in
 * the empty #root (HtmlWebpackPlugin may have minified the attribute quotes away). Throws when the template has
 * no such places, so a changed index.html fails the build instead of shipping an unrendered page.
 */
export function fillPage(indexHtml: string, page: PrerenderedPage): string {
  if (!ROOT.test(indexHtml)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
  if (!indexHtml.includes('</head>')) throw new Error('index.html has no </head> for the prerendered styles');
  return indexHtml.replace('</head>', () => `${page.styles}</head>`).replace(ROOT, () => `<div id="root">${page.html}</div>`);
}
