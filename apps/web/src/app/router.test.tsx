// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router, useLocation } from 'wouter';
import { i18n } from '../i18n/index.ts';
import en from '../i18n/locales/en.json';
import { goBack, historyIndex, navigate, useAppLocation } from './navigation.ts';
import { RouteErrorBoundary } from './RouteError.tsx';
import { routes, useCurrentRoute } from './routes.tsx';

beforeAll(async () => {
  i18n.addMessages('en', en);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const inAppRouter = ({ children }: { children: ReactNode }) => <Router hook={useAppLocation}>{children}</Router>;

function routeAt(url: string) {
  window.history.replaceState(null, '', url);
  return renderHook(() => useCurrentRoute(), { wrapper: inAppRouter }).result.current;
}

describe('the route table finds the screen of a path', () => {
  it('every path of the table is its own route, with its handle', () => {
    for (const route of routes) expect(routeAt(route.path)).toBe(route);
    expect(routeAt('/bill')?.handle).toEqual({ titleKey: 'titles.bill', lead: 'back', requiresLogin: true });
  });

  it('ignores the search, a trailing slash and letter case, as deep links were matched before', () => {
    expect(routeAt('/announcementdetails?id=3')?.path).toBe('/announcementdetails');
    expect(routeAt('/me/')?.path).toBe('/me');
    expect(routeAt('/personalassets')?.path).toBe('/personalAssets');
    expect(routeAt('/?invite=alice42')?.path).toBe('/');
  });

  it('has no route for an unknown path (the shell shows NotFound) nor for a longer one', () => {
    expect(routeAt('/no-such-page')).toBeUndefined();
    expect(routeAt('/me/settings')).toBeUndefined();
  });
});

describe('the app history numbers its entries so that back knows where the visit started', () => {
  it('a push counts up, a replace or the page already shown does not', () => {
    expect(historyIndex()).toBe(0);
    navigate('/me');
    expect(historyIndex()).toBe(1);
    navigate('/bill');
    expect(historyIndex()).toBe(2);
    navigate('/bill');
    expect(historyIndex()).toBe(2);
    navigate('/', { replace: true });
    expect([window.location.pathname, historyIndex()]).toEqual(['/', 2]);
  });

  it('back goes back in history after an in-app step, and to the fallback on a deep link', () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    window.history.replaceState(null, '', '/bill');
    goBack('/?invite=alice42');
    expect(back).not.toHaveBeenCalled();
    expect(window.location.pathname + window.location.search).toBe('/?invite=alice42');
    navigate('/bill');
    goBack('/');
    expect(back).toHaveBeenCalledOnce();
  });

  it("wouter's links and hooks navigate through it", () => {
    const { result } = renderHook(() => useLocation(), { wrapper: inAppRouter });
    act(() => result.current[1]('/machine?invite=bob'));
    expect(result.current[0]).toBe('/machine');
    expect(historyIndex()).toBe(1);
  });
});

describe('a screen that fails shows the route error', () => {
  const Broken = lazy(() => Promise.reject(new Error('chunk failed to load')));
  function Screens() {
    const [path] = useLocation();
    return path === '/broken' ? <Broken /> : <p>fine</p>;
  }

  it('a chunk that fails to load shows the retry screen; going to another path clears it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.replaceState(null, '', '/broken');
    render(
      <Router hook={useAppLocation}>
        <RouteErrorBoundary>
          <Suspense fallback="loading">
            <Screens />
          </Suspense>
        </RouteErrorBoundary>
      </Router>,
    );
    expect(await screen.findByRole('button', { name: en.common.retry })).toBeTruthy();
    expect(screen.getByText(en.errors['500'])).toBeTruthy();
    act(() => navigate('/machine'));
    expect(screen.getByText('fine')).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.common.retry })).toBeNull();
  });
});
