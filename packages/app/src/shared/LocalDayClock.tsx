import { useContext, useEffect, useState, type ReactNode } from 'react';
import { NowContext } from './now';

/**
 * Moves the app's "now" on at each local midnight, so that "today" (spending ranges, this month)
 * turns with the user's day in a dashboard left open overnight. A "now" fixed above it (stories
 * and tests) stays fixed. In its own module: the dashboard's, not the first page's code.
 */
export function LocalDayClock({ children }: { children: ReactNode }) {
  const provided = useContext(NowContext);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (provided) return undefined;
    const midnight = new Date(now);
    midnight.setHours(24, 0, 0, 0);
    const timer = setTimeout(() => setNow(new Date()), midnight.getTime() - Date.now());
    return () => clearTimeout(timer);
  }, [provided, now]);
  return provided ? children : <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}
