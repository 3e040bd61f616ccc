import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from './toaster';
import { dismissToast, toast } from './use-toast';

describe('Toaster', () => {
  afterEach(() => act(() => dismissToast()));

  it('shows one notification at a time, the newest', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Login successful' });
      toast({
        title: 'Booking Failed',
        description: 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    });
    expect(await screen.findByText('Booking Failed')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Login successful')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Settings Updated' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Settings Updated')).not.toBeInTheDocument();
  });

  it('offers F8 to reach the notification area', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /F8/ })).toBeInTheDocument();
  });
});
