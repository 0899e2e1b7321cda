import { completedReturnUrl, safeReturnUrl } from './returnUrl';

const ID = '6f1c2f9e-1111-4222-8333-444455556666';

describe('completedReturnUrl', () => {
  it('adds the two parameters', () => {
    expect(completedReturnUrl('http://localhost:3000/highlights/view', ID)).toBe(
      `http://localhost:3000/highlights/view?editing_session=${ID}&editing_completed=true`,
    );
  });

  it('joins an existing query and keeps a fragment last', () => {
    expect(completedReturnUrl('http://x.test/h?a=1#top', ID)).toBe(
      `http://x.test/h?a=1&editing_session=${ID}&editing_completed=true#top`,
    );
    expect(completedReturnUrl('http://x.test/h?', ID)).toBe(`http://x.test/h?editing_session=${ID}&editing_completed=true`);
  });
});

describe('safeReturnUrl', () => {
  const origin = 'http://localhost:3000';

  it('follows an address on the same origin', () => {
    expect(safeReturnUrl('http://localhost:3000/highlights/view?x=1', origin)).toBe('http://localhost:3000/highlights/view?x=1');
    expect(safeReturnUrl('/highlights/view', origin)).toBe('http://localhost:3000/highlights/view');
  });

  it('goes to the app start page instead of anywhere else', () => {
    expect(safeReturnUrl('https://evil.example/phish', origin)).toBe('http://localhost:3000/');
    expect(safeReturnUrl('//evil.example/x', origin)).toBe('http://localhost:3000/');
    expect(safeReturnUrl('javascript:alert(1)', origin)).toBe('http://localhost:3000/');
    expect(safeReturnUrl('http://localhost:3001/', origin)).toBe('http://localhost:3000/');
  });
});
