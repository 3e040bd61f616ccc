import { configureStore } from '@reduxjs/toolkit';
import { api } from './api';

export function makeStore() {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  // RTK Query's middleware records itself in the state at the first action. Here rather than in
  // the first render: a state change during a time-sliced render makes React render it all again
  // synchronously, in one long task with the commit and every effect.
  store.dispatch({ type: 'app/started' });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
