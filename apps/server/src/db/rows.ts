import type { operators, orders, users } from './schema/index.js';

/*
 * The rows most modules name: an account, an operator, an order. A row type is the table's
 * shape, not the owning module's behaviour, so naming one creates no dependency on the module
 * that reads and writes it (its repository re-exports it).
 */

export type UserRow = typeof users.$inferSelect;
export type OperatorRow = typeof operators.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
