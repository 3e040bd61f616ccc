import {
  bookingResponseSchema,
  errorAnswerSchema,
  processCardResponseSchema,
} from '@contrail/shared/booking/contracts';
import type request from 'supertest';
import type { z } from 'zod';

type Api = ReturnType<typeof request>;

/** The booking API's calls and the shared contracts of their answers: success, or the call's own refusal shape. */
const CONTRACTS: Array<{ path: RegExp; ok: z.ZodType; refused: z.ZodType }> = [
  {
    path: /^\/api\/payments\/process-card$/,
    ok: processCardResponseSchema,
    // A card the processor declined is answered in the call's own shape (seed 001 §7).
    refused: processCardResponseSchema.or(errorAnswerSchema),
  },
  {
    path: /^\/api\/payments\/[^/]+\/authentication$/,
    ok: processCardResponseSchema,
    refused: processCardResponseSchema.or(errorAnswerSchema),
  },
  { path: /^\/api\/bookings$/, ok: bookingResponseSchema, refused: errorAnswerSchema },
];

function checked(path: string, answer: { status: number; body: unknown }): void {
  const contract = CONTRACTS.find((candidate) => candidate.path.test(path));
  if (!contract) return;
  const schema = answer.status < 300 ? contract.ok : contract.refused;
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success)
    throw new Error(
      `POST ${path} answered ${answer.status} outside its shared contract: ${parsed.error.message}\n${JSON.stringify(answer.body)}`,
    );
}

/** The engine's API as tests call it, with every booking call's answer parsed by its shared contract. */
export function answersChecked(api: Api): Api {
  return new Proxy(api, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'post' || typeof value !== 'function') return value;
      return (path: string) => (value as Api['post']).call(target, path).expect((answer) => checked(path, answer));
    },
  });
}
