import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

const NowContext = createContext<Date | null>(null);

/** Fixes the app's "now" (stories and tests pass the fixtures' NOW). */
export function NowProvider({ now, children }: { now: Date; children: ReactNode }) {
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

/**
 * The moment dates are computed from: the provided one, else the time of mounting, moved on at
 * each local midnight, so that "today" (spending ranges, this month) turns with the user's day in
 * a tab left open overnight.
 */
export function useNow(): Date {
  const provided = useContext(NowContext);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (provided) return undefined;
    const midnight = new Date(now);
    midnight.setHours(24, 0, 0, 0);
    const timer = setTimeout(() => setNow(new Date()), midnight.getTime() - Date.now());
    return () => clearTimeout(timer);
  }, [provided, now]);
  return provided ?? now;
}
