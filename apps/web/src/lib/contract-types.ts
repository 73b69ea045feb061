/**
 * Output type of a contract schema that has no exported `T…` alias, without this package
 * importing zod itself: `Output<typeof ZSendCodeResponse>`.
 */
export type Output<S extends { _zod: { output: unknown } }> = S['_zod']['output'];
