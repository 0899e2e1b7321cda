import { loadedApi } from './apiRegistry';
import { loadApi } from './loadApi';
import { makeStore } from '../app/store';

describe('loadApi', () => {
  it('loads the API slice, which registers itself, and a store has taken in its state and middleware', async () => {
    const api = await loadApi();
    expect(loadedApi()).toBe(api);
    const store = makeStore({ runSagas: false });
    // The slice's state is there before any request, and RTK Query's middleware, which marks its state as the first
    // action passes through it, is in the chain.
    expect(store.getState().api.queries).toEqual({});
    store.dispatch({ type: 'test/anything' });
    expect(store.getState().api.config.middlewareRegistered).toBe(true);
  });
});
