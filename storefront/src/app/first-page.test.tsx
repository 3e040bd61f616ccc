import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Outlet, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { preloadPages } from './first-page';
import { lazyPage } from './lazy-page';

function table() {
  const loadHome = vi.fn(async () => ({ Home: () => <h1>Home page</h1> }));
  const loadAbout = vi.fn(async () => ({ About: () => <h1>About page</h1> }));
  const Home = lazyPage(loadHome, 'Home');
  const About = lazyPage(loadAbout, 'About');
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <Outlet />,
      children: [
        { index: true, element: <Home /> },
        { path: 'about', element: <About /> },
      ],
    },
  ];
  return { routes, loadHome, loadAbout };
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function renderAt(routes: RouteObject[], path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={<p>Loading...</p>}>
        <Routes routes={routes} />
      </Suspense>
    </MemoryRouter>,
  );
}

describe('the first page', () => {
  it('loads only the pages the path matches, and then renders them without suspending', async () => {
    const { routes, loadHome, loadAbout } = table();
    await preloadPages(routes, '/about');
    expect(loadAbout).toHaveBeenCalledTimes(1);
    expect(loadHome).not.toHaveBeenCalled();

    renderAt(routes, '/about');
    // In the first commit: no loading placeholder between the prerendered screen and the page.
    expect(screen.getByRole('heading', { name: 'About page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('leaves a page not loaded ahead to suspend and load on first render', async () => {
    const { routes, loadHome } = table();
    renderAt(routes, '/');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(loadHome).toHaveBeenCalledTimes(1);
  });
});
