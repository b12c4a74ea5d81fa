import { useCallback, useEffect, useRef } from 'react';
import { reactRouterProvider, type RouterNavigateFunction, type RouterProvider } from 'react-admin';

/**
 * react-admin's React Router adapter, except that a screen the address has already left cannot
 * bring it back (ADR 023). React Router draws the next screen in a transition: the address changes
 * at once, while the list stays mounted until the record's screen has rendered. react-admin
 * applies a filter 0.5 s after the last keystroke by navigating to the list's own address with
 * the new search; a row clicked within that time opened the record and, on a busy computer, the
 * late filter took the staff member back to the list. A navigation that changes only the search
 * is dropped when the screen asking for it is no longer the one at the address.
 */
function useNavigateFromShownScreen(): RouterNavigateFunction {
  const navigate = reactRouterProvider.useNavigate();
  // The address this screen was drawn for: a screen kept on display during a transition keeps
  // the old one, while the browser's address is already the new one.
  const { pathname } = reactRouterProvider.useLocation();
  const screenPath = useRef(pathname);
  useEffect(() => {
    screenPath.current = pathname;
  }, [pathname]);
  return useCallback<RouterNavigateFunction>(
    (to, options) => {
      const searchOnly = typeof to === 'object' && to.pathname === undefined;
      if (searchOnly && window.location.pathname !== screenPath.current) return;
      navigate(to, options);
    },
    [navigate],
  );
}

export const SCREEN_ROUTER: RouterProvider = {
  ...reactRouterProvider,
  useNavigate: useNavigateFromShownScreen,
};
