import { createContext, useContext, type ReactNode } from 'react';
import { openBrowserMicrophone, type OpenMicrophone } from '../utils/microphone';

const MicrophoneContext = createContext<OpenMicrophone>(openBrowserMicrophone);

/**
 * Replaces the microphone the Live playground opens (stories and tests pass a synthetic one: a
 * test browser cannot grant the real one). Without it the browser's microphone is used.
 */
export function MicrophoneProvider({
  open,
  children,
}: {
  open: OpenMicrophone;
  children: ReactNode;
}) {
  return <MicrophoneContext.Provider value={open}>{children}</MicrophoneContext.Provider>;
}

/** How the Live playground opens the microphone: the provided way, else the browser's. */
export function useOpenMicrophone(): OpenMicrophone {
  return useContext(MicrophoneContext);
}
