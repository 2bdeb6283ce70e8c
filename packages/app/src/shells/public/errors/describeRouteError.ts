import { isRouteErrorResponse } from 'react-router-dom';

export interface RouteErrorDescription {
  /** "404 Not Found", or the error's message. */
  detail: string;
  notFound: boolean;
}

/** What the error boundary shows: a route response's status and text, or a thrown error's message. */
export function describeRouteError(error: unknown): RouteErrorDescription {
  if (isRouteErrorResponse(error)) {
    return { detail: `${error.status} ${error.statusText}`.trim(), notFound: error.status === 404 };
  }
  if (error instanceof Error) return { detail: error.message, notFound: false };
  return { detail: typeof error === 'string' ? error : 'Unknown error', notFound: false };
}
