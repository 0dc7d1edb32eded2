import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useServiceOverride } from '../settings/serviceStatus';
import { fieldErrorsOf, mapApiError, type ErrorContext, type MappedError } from './mapError';

export interface Notification {
  id: number;
  title: string;
  message: string;
}

interface NotificationsApi {
  notifications: readonly Notification[];
  notify: (popup: { title: string; message: string }) => void;
  dismiss: (id: number) => void;
  /** Maps an API error (`mapApiError`), shows its popup and carries out its action. */
  handleError: (error: unknown, context?: ErrorContext) => MappedError;
}

const NotificationsContext = createContext<NotificationsApi | null>(null);

export function ErrorNotificationsProvider({ children }: { children: ReactNode }) {
  const [notifications, setNotifications] = useState<Notification[]>([]);
  const nextId = useRef(1);
  const navigate = useNavigate();
  const { setServiceOff } = useServiceOverride();

  const notify = useCallback((popup: { title: string; message: string }) => {
    const id = nextId.current++;
    setNotifications((list) => (list.some((n) => n.title === popup.title && n.message === popup.message) ? list : [...list, { id, ...popup }]));
  }, []);
  const dismiss = useCallback((id: number) => setNotifications((list) => list.filter((n) => n.id !== id)), []);
  const handleError = useCallback(
    (error: unknown, context?: ErrorContext) => {
      const mapped = mapApiError(error, context);
      const action = mapped.action;
      // The service-off screen's heading and first line are this popup's title and message
      // (a 412, docs/architecture.md "Errors"): drawn there once, not again in a popup above them.
      if (action.type !== 'serviceOff') notify({ title: mapped.title, message: mapped.message });
      if (action.type === 'serviceOff') {
        setServiceOff(action.service);
        // The page offers the way back to where the patient was; their answers stay in the tab.
        void navigate(action.to, { state: { from: window.location.pathname + window.location.search } });
      } else if (action.type === 'navigate') {
        void navigate(action.to);
      }
      return mapped;
    },
    [navigate, notify, setServiceOff],
  );

  const value = useMemo(() => ({ notifications, notify, dismiss, handleError }), [notifications, notify, dismiss, handleError]);
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsApi {
  const api = useContext(NotificationsContext);
  if (!api) throw new Error('useNotifications needs an ErrorNotificationsProvider');
  return api;
}

export interface ApiCallOptions extends ErrorContext {
  /**
   * Which failures get the popup (and its navigation): true (default) every one; 'answers' only
   * the practice API's answers (4xx/5xx), leaving a lost connection to the caller's own message;
   * false none (the caller handles them all, e.g. a check whose failure has its own outcome).
   */
  handleErrors?: boolean | 'answers';
  /**
   * The fields of the caller's form: a validation answer (400) naming only these is shown by
   * the form on its fields (SchemaForm onSubmitError), not in a popup.
   */
  formFields?: readonly string[];
}

/**
 * Wraps a call of the app's API (src/api) in the one error path, `handleError` (screens whose
 * calls have outcomes of their own catch those first and pass the rest to `handleError`, see
 * docs/architecture.md "Errors"): a failing call shows its popup
 * (and, for 401 or a service closing mid-flow, navigates) and the error is re-thrown so the
 * caller stops its flow.
 */
export function useApiCall(): <T>(call: () => Promise<T>, options?: ApiCallOptions) => Promise<T> {
  const { handleError } = useNotifications();
  return useCallback(
    async <T,>(call: () => Promise<T>, options: ApiCallOptions = {}): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        const mode = options.handleErrors ?? true;
        const onFields = fieldErrorsOf(error);
        const formShowsIt = options.formFields !== undefined && onFields.length > 0 && onFields.every((e) => options.formFields!.includes(e.path));
        if (formShowsIt) throw error;
        if (mode === true || (mode === 'answers' && error instanceof ApiError)) handleError(error, { flow: options.flow });
        throw error;
      }
    },
    [handleError],
  );
}

/** The persistent popups: they stay until dismissed; announced through an alert region. */
export function NotificationList() {
  const { notifications, dismiss } = useNotifications();
  return (
    <div role="alert" className="app-notifications" aria-live="assertive">
      {notifications.map((n) => (
        <div key={n.id} className="nhsuk-error-summary app-notification">
          <h2 className="nhsuk-error-summary__title" id={`app-notification-${n.id}`}>
            {n.title}
          </h2>
          <div className="nhsuk-error-summary__body">
            <p>{n.message}</p>
            <button type="button" className="nhsuk-button nhsuk-button--secondary nhsuk-u-margin-bottom-0" onClick={() => dismiss(n.id)}>
              Dismiss<span className="nhsuk-u-visually-hidden"> message: {n.title}</span>
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
