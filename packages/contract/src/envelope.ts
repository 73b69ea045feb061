import { z } from './zod-locale.js';

/** Every response: `{code, data, message}`; code 0 = success and `data` holds the payload. */
export interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

export const SUCCESS_CODE = 0;

export function zEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, message: z.string() });
}

/** Error envelope; `data` may carry field errors for forms. */
export const ZErrorEnvelope = z.object({
  code: z.number().int(),
  data: z.object({ fields: z.array(z.object({ path: z.string(), message: z.string() })).optional() }).nullable(),
  message: z.string(),
  /** The request's id (also the X-Request-Id response header): support finds the log lines by it. */
  requestId: z.string().optional(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;
