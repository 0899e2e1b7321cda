import type { Saga } from 'redux-saga';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { RootState } from './rootReducer';
import type { AppDispatch, AppStore } from './store';

/** The only way screens read state and dispatch (lint forbids the untyped hooks elsewhere). */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * Starts a lazily loaded feature's saga (once per store; see sagaInjector.ts). Called while rendering, not
 * in an effect: a child's effect runs before its parent's, and an action it dispatches on mount must find
 * the saga already listening. Idempotent, so a repeated render starts nothing twice.
 */
export function useInjectedSaga(name: string, saga: Saga): void {
  const store = useStore() as Partial<Pick<AppStore, 'injectSaga'>>;
  store.injectSaga?.(name, saga);
}
