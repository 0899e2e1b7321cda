import type * as Registry from './apiRegistry';

// A registry of its own for each test: the app's API slice registers itself with the shared one as it loads.
function freshRegistry(): typeof Registry {
  let registry!: typeof Registry;
  jest.isolateModules(() => {
    registry = jest.requireActual<typeof Registry>('./apiRegistry');
  });
  return registry;
}

const standInApi = { reducerPath: 'api' } as unknown as Registry.AppApi;

describe('the API registry', () => {
  it('hands the API to a store made before its code loaded, once, when it loads', () => {
    const { registerApi, whenApiLoaded, loadedApi } = freshRegistry();
    const takeIn = jest.fn();
    whenApiLoaded(takeIn);
    expect(takeIn).not.toHaveBeenCalled();
    expect(loadedApi()).toBeNull();

    registerApi(standInApi);
    expect(takeIn).toHaveBeenCalledTimes(1);
    expect(takeIn).toHaveBeenCalledWith(standInApi);
    expect(loadedApi()).toBe(standInApi);
  });

  it('hands it at once to a store made after it loaded', () => {
    const { registerApi, whenApiLoaded } = freshRegistry();
    registerApi(standInApi);
    const takeIn = jest.fn();
    whenApiLoaded(takeIn);
    expect(takeIn).toHaveBeenCalledWith(standInApi);
  });
});
