import { DEFAULT_BRAND } from '@contrail/shared/brand/default-brand';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrandContext } from './brand-context';
import { BrandLogo } from './BrandLogo';

const withLogo = { ...DEFAULT_BRAND, name: 'SkyHop Travel', logo: 'https://cdn.example/skyhop.svg' };

describe('BrandLogo', () => {
  it('shows the logo image capped at 40 px, and the name when the image fails', () => {
    render(
      <BrandContext value={{ status: 'loaded', brand: withLogo }}>
        <BrandLogo />
      </BrandContext>,
    );
    const image = screen.getByRole('img', { name: 'SkyHop Travel' });
    expect(image).toHaveClass('max-h-10');
    fireEvent.error(image);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('SkyHop Travel')).toBeInTheDocument();
  });
});
