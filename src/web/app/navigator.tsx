// Navigation from outside React (the session handler's redirect to / on a provider 401). The declarative
// router has no router object to call, so the component below lends the router's navigate to the handler.
import { useEffect } from 'react';
import { type NavigateFunction, type NavigateOptions, useNavigate } from 'react-router';

let current: NavigateFunction | null = null;

export const appNavigator = {
  navigate: (to: string, options?: NavigateOptions) => current?.(to, options),
};

export function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    current = navigate;
    return () => {
      if (current === navigate) current = null;
    };
  }, [navigate]);
  return null;
}
