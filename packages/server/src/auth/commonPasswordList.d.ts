declare module 'fxa-common-password-list' {
  /** test() is true for the ~50,000 most common passwords of at least 8 characters. */
  const list: { test(password: string): boolean };
  export = list;
}
