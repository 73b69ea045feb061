import type { Config } from '../config.js';
import type { Db } from '../db/client.js';

export interface SeedResult {
  buyer: { email: string; password: string };
  subAccount: { username: string; password: string };
  operator: { username: string; password: string };
}

// Placeholder until the demo catalogue lands.
export async function seedDemoIfEmpty(_deps: {
  config: Config;
  db: Db;
  log: (line: string) => void;
}): Promise<SeedResult | null> {
  return null;
}
