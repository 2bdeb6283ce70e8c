import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

/** `Page` inside a react-redux Provider of `store` (loaded with the store: see deferredStore). */
export function provideStore(store: AppStore, Page: ComponentType): ComponentType {
  return function ProvidedPage() {
    return (
      <Provider store={store}>
        <Page />
      </Provider>
    );
  };
}
