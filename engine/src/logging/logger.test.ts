import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { pinoHttp } from 'pino-http';
import { describe, expect, it } from 'vitest';
import { findLeaks } from './leaks.js';
import { accessLogSerializers, createLogger } from './logger.js';
import { scrubSecrets, scrubText } from './scrub.js';

function captureLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ level: 'debug' }, destination), output: () => lines.join('') };
}

describe('log redaction', () => {
  it('removes passwords, card numbers and CVVs from logged objects at any depth', () => {
    const { logger, output } = captureLogger();
    logger.info(
      {
        body: {
          username: 'ada',
          password: 'correct horse battery staple',
          paymentDetails: { cardDetails: { number: '4242424242424242', cvv: '123', holderName: 'Ada L' } },
        },
        change: { currentPassword: 'old-secret-1', newPassword: 'New-Secret-12!' },
      },
      'request body',
    );
    const text = output();
    expect(text).not.toContain('correct horse');
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toContain('"123"');
    expect(text).not.toContain('old-secret-1');
    expect(text).not.toContain('New-Secret-12!');
    expect(text).toContain('Ada L');
    expect(text).toContain('ada');
  });

  it('removes card numbers written inside messages and error texts', () => {
    const { logger, output } = captureLogger();
    logger.error(new Error('card 4000 0000 0000 0002 was declined'), 'payment failed for 4242-4242-4242-4242');
    const text = output();
    expect(text).not.toMatch(/4000 0000 0000 0002|4242-4242-4242-4242/);
    expect(text).toContain('was declined');
  });

  it("removes card numbers however written from every field: child loggers' bindings, serializers, numbers, messages", () => {
    const { logger, output } = captureLogger();
    logger
      .child(
        { path: '/api/x/card4000056655665556' },
        { serializers: { req: (req: { id: string }) => ({ id: req.id }) } },
      )
      .info(
        { req: { id: '4242.4242.4242.4242' }, amount: 4242424242424242, note: '4242\u200b4242\u200b4242\u200b4242' },
        'paid with 4242_4242_4242_4242 and 4242424242424242a',
      );
    const text = output();
    expect(findLeaks(text)).toEqual([]);
    expect(JSON.parse(text)).toMatchObject({
      path: '/api/x/card[Redacted]',
      req: { id: '[Redacted]' },
      amount: '[Redacted]',
    });
  });

  it('removes cookies and authorization headers from request logs', async () => {
    const { logger, output } = captureLogger();
    const app = express();
    app.use(pinoHttp({ logger }));
    app.get('/x', (_req, res) => {
      res.setHeader('Set-Cookie', 'session=server-secret');
      res.json({ ok: true });
    });
    await request(app)
      .get('/x')
      .set('Cookie', 'session=very-secret-cookie')
      .set('Authorization', 'Bearer sk_test_secretkey');
    const text = output();
    expect(text).toContain('"url":"/x"');
    expect(text).toContain('"statusCode":200');
    expect(text).not.toContain('very-secret-cookie');
    expect(text).not.toContain('sk_test_secretkey');
    expect(text).not.toContain('server-secret');
  });

  it("keeps a request's id, method, scrubbed URL and status in its access line, not its headers", async () => {
    const { logger, output } = captureLogger();
    const app = express();
    app.use(pinoHttp({ logger, serializers: accessLogSerializers, wrapSerializers: false, genReqId: () => 'r-1' }));
    app.get('/x', (_req, res) => res.status(201).json({ ok: true }));
    await request(app).get('/x?email=ada%40example.com').set('User-Agent', 'agent-007');
    const line = JSON.parse(output().trim()) as Record<string, unknown>;
    expect(line.req).toEqual({ id: 'r-1', method: 'GET', url: expect.stringMatching(/^\/x\?email=/) });
    expect(line.res).toEqual({ statusCode: 201 });
    expect(JSON.stringify(line)).not.toMatch(/ada%40example|ada@example|agent-007/);
  });

  it('keeps ordinary numbers and ids readable', () => {
    expect(scrubSecrets({ count: 3, number: 'AA100', id: 'off_0000123' })).toEqual({
      count: 3,
      number: 'AA100',
      id: 'off_0000123',
    });
    expect(scrubText('booking 9f8e7d6c-1234-4a5b-9c8d-0123456789ab')).toBe(
      'booking 9f8e7d6c-1234-4a5b-9c8d-0123456789ab',
    );
  });
});
