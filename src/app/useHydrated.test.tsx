import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { useHydrated } from './useHydrated';

function Probe() {
  return <button disabled={!useHydrated()}>Sign in</button>;
}

describe('useHydrated', () => {
  it('is false in server markup', () => {
    expect(renderToString(<Probe />)).toBe('<button disabled="">Sign in</button>');
  });

  it('is true in a plain client render', () => {
    render(<Probe />);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('turns true once React has hydrated the markup, without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    document.body.appendChild(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const button = container.querySelector('button');
    expect(button).toBeDisabled();
    await act(async () => {
      hydrateRoot(container, <Probe />, { onRecoverableError: (e) => console.error(e) });
    });
    expect(container.querySelector('button')).toBe(button);
    expect(button).toBeEnabled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    container.remove();
  });
});
