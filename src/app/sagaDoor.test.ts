import { configureStore } from '@reduxjs/toolkit';
import { createSagaDoor } from './sagaDoor';

function storeWith(door: ReturnType<typeof createSagaDoor>) {
  return configureStore({
    reducer: (state: null = null) => state,
    middleware: (getDefault) => getDefault().concat(door.middleware),
  });
}

describe('the sagas’ door', () => {
  it('keeps every action until it opens, then hands them over in order and passes each new one on', () => {
    const door = createSagaDoor();
    const store = storeWith(door);
    store.dispatch({ type: 'a' });
    store.dispatch({ type: 'b' });
    const seen: string[] = [];
    door.open((action) => seen.push((action as { type: string }).type));
    expect(seen).toEqual(['a', 'b']);
    store.dispatch({ type: 'c' });
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('hands over what a kept action makes the receiver dispatch after the actions kept before it', () => {
    const door = createSagaDoor();
    const store = storeWith(door);
    store.dispatch({ type: 'first' });
    store.dispatch({ type: 'second' });
    const seen: string[] = [];
    door.open((action) => {
      const { type } = action as { type: string };
      seen.push(type);
      if (type === 'first') store.dispatch({ type: 'answer to first' });
    });
    expect(seen).toEqual(['first', 'second', 'answer to first']);
  });

  it('opens once; a closed door (a store that runs no sagas) keeps nothing', () => {
    const door = createSagaDoor();
    const store = storeWith(door);
    const first: string[] = [];
    door.open((action) => first.push((action as { type: string }).type));
    const second = jest.fn();
    door.open(second);
    store.dispatch({ type: 'x' });
    expect(first).toEqual(['x']);
    expect(second).not.toHaveBeenCalled();

    const closed = createSagaDoor();
    closed.close();
    storeWith(closed).dispatch({ type: 'y' });
    const late = jest.fn();
    closed.open(late);
    expect(late).not.toHaveBeenCalled();
  });
});
