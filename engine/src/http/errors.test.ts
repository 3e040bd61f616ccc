import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, errorHandler, parseInput } from './errors.js';

function appWith(exposeStack: boolean) {
  const app = express();
  app.use(express.json());
  const schema = z.object({
    origin: z.string().length(3, 'Origin must be a 3-letter IATA code'),
    passengers: z.array(z.object({ firstName: z.string().min(1, 'First name is required') })),
  });
  app.post('/validated', (req, res) => {
    res.json(parseInput(schema, req.body));
  });
  app.get('/conflict', () => {
    throw new HttpError(409, 'Already booked', 'CONFLICT', { bookingId: 'b1' });
  });
  app.get('/boom', () => {
    throw new Error('database password is hunter2');
  });
  app.use(errorHandler({ exposeStack }));
  return app;
}

describe('the JSON error handler', () => {
  it('answers a bad body with 400 naming each field', async () => {
    const response = await request(appWith(false))
      .post('/validated')
      .send({ origin: 'JFKX', passengers: [{ firstName: '' }] })
      .expect(400);
    expect(response.body).toEqual({
      message: 'Invalid request: origin: Origin must be a 3-letter IATA code',
      errors: [
        { path: 'origin', message: 'Origin must be a 3-letter IATA code' },
        { path: 'passengers.0.firstName', message: 'First name is required' },
      ],
    });
  });

  it('passes known errors through with their status, code and extra fields', async () => {
    const response = await request(appWith(false)).get('/conflict').expect(409);
    expect(response.body).toEqual({ message: 'Already booked', code: 'CONFLICT', bookingId: 'b1' });
  });

  it('hides the details of unexpected errors, and the stack in production', async () => {
    const production = await request(appWith(false)).get('/boom').expect(500);
    expect(production.body).toEqual({ message: 'Internal server error' });
    const development = await request(appWith(true)).get('/boom').expect(500);
    expect(development.body.stack).toContain('hunter2');
  });
});
