/**
 * Toasts: one Toaster for the app (about 4 s each, at most 3 visible) and a
 * `useNotify()` hook that shows a title with an optional description. A success takes away the
 * error toasts still shown: they speak of an attempt that has since worked (a failed sign-in's
 * 'Error signing in' beside 'Welcome back!').
 */
import { Link, Toast, ToastBody, Toaster, ToastTitle, ToastTrigger, useId, useToastController, type ToastIntent } from '@fluentui/react-components';
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';

/**
 * `action` puts a link in the toast (e.g. 'Undo' after a change that can be reverted); it closes the
 * toast and puts the focus back where it was before the toast had it.
 */
type Notify = (title: string, opts?: { body?: string; intent?: ToastIntent; action?: { label: string; onClick: () => void } }) => void;
const NotifyContext = createContext<Notify>(() => {});

export function NotifyProvider({ children }: { children: ReactNode }) {
  const toasterId = useId('toaster');
  const { dispatchToast, dismissToast } = useToastController(toasterId);
  const errors = useRef<string[]>([]);
  const errorId = useId('error');
  // The last element focused outside the toasts. A toast closed with the focus inside hands it, when
  // it unmounts, to another toast, even out of a dialog opened meanwhile (which then sits hidden
  // from assistive tech): so an action first returns the focus to the page.
  const lastFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      if (e.target instanceof HTMLElement && !e.target.closest('[data-toasts]')) lastFocus.current = e.target;
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
  const returnFocus = useCallback(() => {
    const back = lastFocus.current;
    if (back?.isConnected) back.focus({ preventScroll: true });
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.closest('[data-toasts]')) active.blur();
  }, []);
  const notify = useCallback<Notify>(
    (title, { body, intent = 'success', action } = {}) => {
      let toastId: string | undefined;
      if (intent === 'error') errors.current.push((toastId = `${errorId}-${errors.current.length}`));
      else if (intent === 'success') errors.current.splice(0).forEach(dismissToast);
      dispatchToast(
        <Toast>
          <ToastTitle
            action={
              action && (
                <ToastTrigger>
                  <Link
                    onClick={() => {
                      returnFocus();
                      action.onClick();
                    }}
                  >
                    {action.label}
                  </Link>
                </ToastTrigger>
              )
            }
          >
            {title}
          </ToastTitle>
          {body && <ToastBody>{body}</ToastBody>}
        </Toast>,
        // An undoable change stays on screen longer: the admin needs time to read and react.
        { intent, toastId, timeout: action ? 8000 : 4000 },
      );
    },
    [dispatchToast, dismissToast, errorId, returnFocus],
  );
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <Toaster toasterId={toasterId} limit={3} position="bottom-end" pauseOnHover data-toasts />
    </NotifyContext.Provider>
  );
}

export const useNotify = () => useContext(NotifyContext);
