/**
 * One route of the API: a method on a path pattern. The server registers it, the web app calls it
 * and the mocks answer it by this object, so neither is written twice; its schemas are in the
 * domain's file of the contract (`apiKeyOperations` in apiKeys.ts describes `apiKeyEndpoints`).
 */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<Path extends string = string> {
  readonly method: HttpMethod;
  readonly path: Path;
}

/** A domain's endpoints by name: `apiKeyEndpoints.rename`. */
export type Endpoints = Readonly<Record<string, Endpoint>>;

export const endpoint = <Path extends string>(method: HttpMethod, path: Path): Endpoint<Path> => ({
  method,
  path,
});
