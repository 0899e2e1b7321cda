/**
 * The product's name is spelled in one place, src/app/product.ts: every place that shows it follows
 * when it changes (here, to a stand-in name).
 */
import { reportMailto } from '../../errors/public';
import { devToolsOptions } from '../../../app/devtools';

jest.mock('../../../app/product', () => ({ PRODUCT_NAME: 'Stand-in Name' }));

describe('the product name comes from PRODUCT_NAME', () => {
  it('in the Redux DevTools instance name', () => expect(devToolsOptions.name).toBe('Stand-in Name'));

  it("in the 'Report this issue' mail subject", () => {
    const href = reportMailto('help@example.com', { message: 'Boom', url: 'http://x/', timestamp: 't' });
    expect(new URL(href).searchParams.get('subject')).toBe('Stand-in Name error report');
  });
});
