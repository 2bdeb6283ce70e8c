/** `promise`, or a rejection with `timedOut()` once `ms` have passed (the timer is then cleared). */
export async function within<T>(
  promise: Promise<T>,
  ms: number,
  timedOut: () => Error,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(timedOut()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
