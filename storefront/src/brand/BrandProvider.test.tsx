import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBrand } from './brand-context';
import { BrandProvider } from './BrandProvider';

const SKYHOP = {
  key: 'skyhop.com',
  name: 'SkyHop Travel',
  domain: 'skyhop.com',
  logo: 'https://skyhop.example/logo.svg',
  theme: {
    primary: '#f59e0b',
    secondary: '#1e3a8a',
    accent: '#db2777',
    background: '#fffbf2',
    text: '#1f2937',
    font: 'Lora',
  },
  contact: { email: 'help@skyhop.com', phone: '1-800-759-4677', address: '' },
  social: { facebook: '', twitter: '', instagram: '' },
};

function Probe() {
  const { status, brand, error } = useBrand();
  return (
    <p>
      {status} | {brand.name} | {error ?? 'no error'}
    </p>
  );
}

function respond(status: number, body: unknown, statusText = '') {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

describe('BrandProvider', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a neutral loading screen, then the server brand with its title and colours', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(
      <BrandProvider brandKey="skyhop.com">
        <Probe />
      </BrandProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText(/Contrail/)).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/brands/skyhop.com', { credentials: 'include' });

    answer(respond(200, SKYHOP));
    expect(await screen.findByText('loaded | SkyHop Travel | no error')).toBeInTheDocument();
    expect(document.title).toBe('SkyHop Travel - Flight Booking');
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--brand-primary')).toBe('#f59e0b');
    expect(style.getPropertyValue('--brand-primary-foreground')).toBe('#000000');
    expect(style.getPropertyValue('--brand-font')).toMatch(/^"Lora Variable", /);
  });

  it('uses the default brand without a call for the default key', async () => {
    render(
      <BrandProvider brandKey="default">
        <Probe />
      </BrandProvider>,
    );
    expect(await screen.findByText(`loaded | ${DEFAULT_BRAND.name} | no error`)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.title).toBe(`${DEFAULT_BRAND.name} - Flight Booking`);
  });

  it('falls back to the default brand silently on 404', async () => {
    fetchMock.mockResolvedValue(respond(404, { message: 'Brand not found' }, 'Not Found'));
    render(
      <BrandProvider brandKey="unknown.com">
        <Probe />
      </BrandProvider>,
    );
    expect(await screen.findByText(`loaded | ${DEFAULT_BRAND.name} | no error`)).toBeInTheDocument();
    expect(console.error).not.toHaveBeenCalled();
  });

  it("shows a disabled brand's domain a neutral page: no brand, not the platform's, and nothing of the app", async () => {
    fetchMock.mockResolvedValue(respond(410, { message: 'This site is not available' }, 'Gone'));
    render(
      <BrandProvider brandKey="closed.example">
        <Probe />
      </BrandProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'This site is not available.' })).toBeInTheDocument();
    expect(screen.queryByText(/loaded|failed/)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(DEFAULT_BRAND.name);
    expect(document.title).toBe('Site not available');
    expect(console.error).not.toHaveBeenCalled();
  });

  it('keeps the error and uses the default brand on any other failure', async () => {
    fetchMock.mockResolvedValue(respond(500, 'boom', 'Internal Server Error'));
    render(
      <BrandProvider brandKey="skyhop.com">
        <Probe />
      </BrandProvider>,
    );
    expect(
      await screen.findByText(`failed | ${DEFAULT_BRAND.name} | Failed to load brand: Internal Server Error`),
    ).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Failed to load brand: Internal Server Error');
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#008870');
  });

  it('treats a network failure as failed too', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(
      <BrandProvider brandKey="skyhop.com">
        <Probe />
      </BrandProvider>,
    );
    await waitFor(() =>
      expect(screen.getByText(/^failed \|/)).toHaveTextContent('Failed to load brand: Failed to fetch'),
    );
  });

  it('fills what a partial brand leaves out from the default brand', async () => {
    fetchMock.mockResolvedValue(respond(200, { name: 'Tiny Air', theme: { primary: '#112233' } }));
    render(
      <BrandProvider brandKey="tiny.com">
        <Probe />
      </BrandProvider>,
    );
    expect(await screen.findByText('loaded | Tiny Air | no error')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('#112233');
    expect(document.documentElement.style.getPropertyValue('--brand-background')).toBe('#ffffff');
  });
  it('shows a brand loaded before the first render at once, themed, without loading it again', async () => {
    const brand = { ...DEFAULT_BRAND, ...SKYHOP };
    render(
      <BrandProvider brandKey="skyhop.com" initialState={{ status: 'loaded', brand }}>
        <Probe />
      </BrandProvider>,
    );
    expect(screen.getByText('loaded | SkyHop Travel | no error')).toBeInTheDocument();
    expect(document.title).toBe('SkyHop Travel - Flight Booking');
    expect(document.documentElement.style.getPropertyValue('--brand-font')).toContain('Lora');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('useBrand', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useBrand())).toThrow('useBrand must be used within a BrandProvider');
    vi.restoreAllMocks();
  });
});
