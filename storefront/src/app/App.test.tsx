import { render, screen } from '@testing-library/react';
import { App } from './App';

it('renders the storefront', () => {
  render(<App />);
  expect(screen.getByRole('heading', { name: 'Contrail' })).toBeInTheDocument();
});
