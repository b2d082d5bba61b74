import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * One query-string parameter, read and replaced in place. Built on
 * useLocation/useNavigate rather than useSearchParams: those two are already
 * in the first route's bundle, useSearchParams would add to it.
 */
export function useQueryParam(name: string): [string | null, (value: string | null) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const value = new URLSearchParams(location.search).get(name);
  const setValue = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(location.search);
      if (next) params.set(name, next);
      else params.delete(name);
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    },
    [location.pathname, location.search, name, navigate],
  );
  return [value, setValue];
}
