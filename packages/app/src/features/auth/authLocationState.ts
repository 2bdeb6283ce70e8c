/** What other screens pass to the sign-in pages in the router's location state. */
export interface AuthLocationState {
  /** A message to show above the form (e.g. "Your password has been reset"). */
  notice?: string;
}
