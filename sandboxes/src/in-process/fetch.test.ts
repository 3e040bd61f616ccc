import express from 'express';
import { describe, expect, it } from 'vitest';
import { inProcessFetch } from './fetch.js';

const app = express();
app.use(express.json());
app.post('/echo', (req, res) => {
  res
    .status(201)
    .set('X-Seen', String(req.get('x-custom')))
    .json({ body: req.body, query: req.query, url: req.url });
});
app.get('/never', () => {
  // Never answers: only the caller's abort ends the wait.
});
app.get('/empty', (_req, res) => {
  res.status(204).end();
});
const fetch = inProcessFetch(app);

describe('the in-process fetch', () => {
  it('hands the method, path, query, headers and body to the listener and returns its answer', async () => {
    const response = await fetch('http://anywhere.invalid/echo?a=1&b=two', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Custom': 'yes' },
      body: JSON.stringify({ data: { x: [1, 2] } }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-seen')).toBe('yes');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      body: { data: { x: [1, 2] } },
      query: { a: '1', b: 'two' },
      url: '/echo?a=1&b=two',
    });
  });

  it('answers a bodiless status without a body, and a missing route as the listener does', async () => {
    expect((await fetch('http://anywhere.invalid/empty')).status).toBe(204);
    expect((await fetch('http://anywhere.invalid/missing')).status).toBe(404);
  });

  it('stops waiting when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = fetch('http://anywhere.invalid/never', { signal: controller.signal });
    controller.abort(new Error('timed out'));
    await expect(pending).rejects.toThrow('timed out');
  });
});
