import { describe, expect, it } from 'vitest';
import { endpointUrlProblem, isPrivateAddress } from './address-policy.js';

describe('where webhooks may go', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:a00:1',
    'not-an-ip',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:808:808'])('%s is public', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  it('refuses http, loopback and private hosts, and credentials in the URL; allows a public https URL', () => {
    expect(endpointUrlProblem('https://hooks.example.com/in', false)).toBeUndefined();
    expect(endpointUrlProblem('http://hooks.example.com/in', false)).toBe('Use an https URL');
    expect(endpointUrlProblem('https://localhost/in', false)).toMatch(/private network/);
    expect(endpointUrlProblem('https://127.0.0.1:8443/in', false)).toMatch(/private network/);
    expect(endpointUrlProblem('https://[::1]/in', false)).toMatch(/private network/);
    expect(endpointUrlProblem('https://10.0.0.5/in', false)).toMatch(/private network/);
    expect(endpointUrlProblem('https://[::ffff:127.0.0.1]/in', false)).toMatch(/private network/);
    expect(endpointUrlProblem('https://user:pw@hooks.example.com/in', false)).toMatch(/user name/);
    expect(endpointUrlProblem('ftp://hooks.example.com/in', true)).toBe('Use an https URL');
  });

  it('allows http and private addresses only with the explicit flag', () => {
    expect(endpointUrlProblem('http://127.0.0.1:9000/in', true)).toBeUndefined();
  });
});
