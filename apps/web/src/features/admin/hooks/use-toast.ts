import { createContext, useContext } from 'react';

/** Shows a short success notice, announced politely to screen readers. */
export type Notify = (text: string) => void;

export const ToastContext = createContext<Notify>(() => {});

export const useToast = (): Notify => useContext(ToastContext);
