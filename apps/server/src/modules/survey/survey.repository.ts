import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orders, surveys, surveyTotals, users } from '../../db/schema/index.js';
import { afterPosition, type ListPage, positionAt, positionOrder } from '../../lib/list-cursor.js';

export type SurveyRow = typeof surveys.$inferSelect;

/**
 * Whether the company (any of its accounts) has answered, and whether it has a paid order: one
 * round trip. The survey is the company's, so a sub-account is not asked once the main account
 * or another sub-account answered.
 */
export async function findSurveyState(
  db: DbOrTx,
  ownerSid: string,
): Promise<{ answered: boolean; hasPaidOrder: boolean }> {
  const [row] = await db
    .select({
      answered: sql<boolean>`exists (select 1 from ${surveys} where ${surveys.ownerSid} = ${ownerSid})`,
      hasPaidOrder: sql<boolean>`exists (select 1 from ${orders} where ${orders.ownerSid} = ${ownerSid} and ${orders.status} = 'PAYED')`,
    })
    .from(sql`(select 1) as one`);
  return { answered: Boolean(row?.answered), hasPaidOrder: Boolean(row?.hasPaidOrder) };
}

/**
 * Serialises the answers of one company: two accounts of the company answering at once queue
 * on the main account's row, so only one of them can take the company's reward.
 */
export async function lockCompany(tx: DbOrTx, ownerSid: string): Promise<void> {
  await tx.select({ sid: users.sid }).from(users).where(eq(users.sid, ownerSid)).for('update');
}

/** Whether any account of the company has answered; read under lockCompany, so it decides. */
export async function hasCompanyAnswered(tx: DbOrTx, ownerSid: string): Promise<boolean> {
  const [row] = await tx.select({ sid: surveys.sid }).from(surveys).where(eq(surveys.ownerSid, ownerSid)).limit(1);
  return row !== undefined;
}

/**
 * Records an answer and adds it to the running totals; undefined when the account had already
 * answered (the unique index on user_sid decides, whatever the concurrency).
 */
export async function insertSurvey(tx: DbOrTx, row: typeof surveys.$inferInsert): Promise<SurveyRow | undefined> {
  const [inserted] = await tx.insert(surveys).values(row).onConflictDoNothing({ target: surveys.userSid }).returning();
  if (!inserted) return undefined;
  await tx
    .insert(surveyTotals)
    .values({ id: 1, answers: 1, satisfactionTenths: row.satisfactionTenths, scoreTenths: row.scoreTenths })
    .onConflictDoUpdate({
      target: surveyTotals.id,
      set: {
        answers: sql`${surveyTotals.answers} + 1`,
        satisfactionTenths: sql`${surveyTotals.satisfactionTenths} + ${row.satisfactionTenths}`,
        scoreTenths: sql`${surveyTotals.scoreTenths} + ${row.scoreTenths}`,
      },
    });
  return inserted;
}

export async function readSurveyTotals(
  db: DbOrTx,
): Promise<{ answers: number; satisfactionTenths: number; scoreTenths: number }> {
  const [row] = await db.select().from(surveyTotals).where(eq(surveyTotals.id, 1));
  return row ?? { answers: 0, satisfactionTenths: 0, scoreTenths: 0 };
}

/**
 * Answers newest first (sid breaking ties) with the company, the answering account's name and
 * each answer's position for the next page's cursor, read in the order of surveys_created_idx.
 */
export function listSurveysQuery(db: DbOrTx, page: ListPage) {
  return db
    .select({
      survey: surveys,
      company: sql<string | null>`(select u.company from users u where u.sid = ${surveys.ownerSid})`,
      account: sql<
        string | null
      >`(select coalesce(u.username, u.email, u.mobile) from users u where u.sid = ${surveys.userSid})`,
      position: positionAt(surveys.createdAt),
    })
    .from(surveys)
    .where(page.after ? afterPosition(surveys.createdAt, surveys.sid, page.after) : undefined)
    .orderBy(positionOrder(surveys.createdAt, surveys.sid))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
}

export async function listSurveys(db: DbOrTx, page: ListPage) {
  return listSurveysQuery(db, page);
}
