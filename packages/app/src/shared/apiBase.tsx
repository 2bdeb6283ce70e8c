import { createContext, useContext, type ReactNode } from 'react';

const ApiBaseContext = createContext<string | null>(null);

/** Fixes the API address shown in code samples (stories use a stable one). */
export function ApiBaseProvider({ value, children }: { value: string; children: ReactNode }) {
  return <ApiBaseContext.Provider value={value}>{children}</ApiBaseContext.Provider>;
}

/** Where the API answers, for code samples: the provided address, else this site's origin. */
export function useApiBase(): string {
  return useContext(ApiBaseContext) ?? globalThis.location.origin;
}
