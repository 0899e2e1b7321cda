import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { retryableLazy, retryFailedImports } from './retryableLazy';

class Catch extends Component<{ children: ReactNode; onError: (e: unknown) => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(e: unknown) {
    this.props.onError(e);
  }
  override render() {
    return this.state.failed ? <p>Failed</p> : this.props.children;
  }
}

describe('retryableLazy', () => {
  it('loads again after a failed import once retryFailedImports is called', async () => {
    let attempts = 0;
    const Screen = retryableLazy(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('ChunkLoadError');
      return { default: () => <p>Loaded</p> };
    });
    const errors: unknown[] = [];
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Catch onError={(e) => errors.push(e)}>
          <Screen />
        </Catch>
      </Suspense>,
    );
    await screen.findByText('Failed');
    expect(attempts).toBe(1);
    retryFailedImports();
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Catch key="again" onError={(e) => errors.push(e)}>
          <Screen />
        </Catch>
      </Suspense>,
    );
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('asks for its code before it renders, and a failed ask is left to the render', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue({ default: () => <p>Loaded</p> });
    const Screen = retryableLazy(load);
    expect(load).not.toHaveBeenCalled();
    // Settles, without the failure: the first render waits for it (prefetchFirstScreen.ts).
    await expect(Screen.preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
  });
});
