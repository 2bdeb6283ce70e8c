import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { useAuth } from '../../../session/useAuth';
import type { AppStore } from '../../../store/store';

/** What the public header shows of the session, and its sign-out. */
export interface HeaderSession {
  signedIn: boolean;
  logout: () => Promise<void>;
}

interface SessionStatusProps {
  /** The app's store, made on first need; without it, the store of the Provider above. */
  store?: AppStore;
  onChange: (session: HeaderSession) => void;
}

function Report({ onChange }: Pick<SessionStatusProps, 'onChange'>) {
  const { status, logout } = useAuth();
  const signedIn = status === 'authenticated';
  useEffect(() => onChange({ signedIn, logout }), [onChange, signedIn, logout]);
  return null;
}

/**
 * Reports the session to the public header (`PublicFrame`). Its own chunk, with the store's code:
 * until it arrives the header renders signed out, as while a session check is under way.
 */
export default function SessionStatus({ store, onChange }: SessionStatusProps) {
  return store ? (
    <Provider store={store}>
      <Report onChange={onChange} />
    </Provider>
  ) : (
    <Report onChange={onChange} />
  );
}
