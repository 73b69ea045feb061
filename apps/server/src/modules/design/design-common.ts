import {
  DEMAND_TIER_LABEL,
  type DemandTier,
  DemandStateMachine,
  DesignFileKind,
  ORDER_PATHS,
  type TOrder,
  type TAdminOrder,
} from '@gemstock/contract';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import type { DownloadUrlSigner } from '../../lib/download-url.js';
import { findMaterialsBySids } from '../catalog/index.js';
import { findLicenceByOrderMaterial } from '../licence/index.js';
import { noticeAddressOf } from '../user/index.js';
import type { UserRow } from '../../db/rows.js';
import { authorNamesOf, type DemandRow, listDesignComments, listDesignFiles } from './design.repository.js';
import { presentDemand, presentDesignComment, presentDesignFile, type PrivateUrlOf } from './design.view.js';

// What the buyer's and the operators' sides of custom design share: their dependencies, links,
// the details of a demand and the notice to the buyer.

/**
 * What design asks of the order module, wired in services.ts: a demand's order as its buyer and
 * its operators see it, and the `dashboard` order a quote creates in the quote's transaction.
 */
export interface DesignOrders {
  getOrder(user: UserRow, sid: string): Promise<{ order: TOrder }>;
  getAdminOrder(sid: string): Promise<{ order: TAdminOrder }>;
  insertQuotedOrder(
    tx: DbOrTx,
    input: { userSid: string; ownerSid: string; demandSid: string; name: string; priceCents: number; at: Date },
  ): Promise<{ sid: string }>;
}

export type DesignDeps = Pick<AppDeps, 'db' | 'storage' | 'messages' | 'config'> & {
  signer: DownloadUrlSigner;
  orders: DesignOrders;
  log: { warn(data: object, message: string): void };
  now?: () => Date;
};

/** Links to drafts and uploads live an hour: long enough to look at a drawer, short enough not to spread. */
const VIEW_LINK_TTL_SECONDS = 3600;

export function nowOf(deps: Pick<DesignDeps, 'now'>): Date {
  return deps.now?.() ?? new Date();
}

export function viewUrlOf(deps: Pick<DesignDeps, 'signer'>): PrivateUrlOf {
  return (key) => (key ? deps.signer.signDownloadUrl(key, VIEW_LINK_TTL_SECONDS).url : null);
}

/** Tells the account that asked; a message that cannot be sent is logged and never undoes the change. */
export async function tellBuyer(deps: DesignDeps, demand: DemandRow, subject: string, text: string): Promise<void> {
  try {
    const address = await noticeAddressOf(deps.db, demand.userSid);
    const to = address?.email
      ? { channel: 'email' as const, to: address.email }
      : address?.mobile
        ? { channel: 'sms' as const, to: address.mobile }
        : null;
    if (!to) return;
    await deps.messages.send({ ...to, subject: `【${deps.config.siteName}】${subject}`, text, code: null });
  } catch (error) {
    deps.log.warn({ err: error, demand: demand.sid }, 'design notice could not be sent');
  }
}

export function demandTitle(demand: DemandRow): string {
  return `${DEMAND_TIER_LABEL[demand.tier as DemandTier] ?? '定制'}（${demand.sid.slice(-6)}）`;
}

export async function detailsOf(deps: DesignDeps, demand: DemandRow, designerName: string | null) {
  const urlOf = viewUrlOf(deps);
  const [files, comments, materials, certificate] = await Promise.all([
    listDesignFiles(deps.db, demand.sid),
    listDesignComments(deps.db, demand.sid),
    demand.materialSid ? findMaterialsBySids(deps.db, [demand.materialSid]) : Promise.resolve(new Map()),
    DemandStateMachine.may('download', demand.status) && demand.orderSid && demand.materialSid
      ? findLicenceByOrderMaterial(deps.db, demand.orderSid, demand.materialSid)
      : Promise.resolve(undefined),
  ]);
  const names = await authorNamesOf(deps.db, comments);
  const material = demand.materialSid ? materials.get(demand.materialSid) : undefined;
  return {
    demand: presentDemand(demand, { urlOf, designerName }),
    files: files.map((f) => presentDesignFile(f, (key) => urlOf(key)!)),
    comments: comments.map((c) => presentDesignComment(c, names)),
    material: material
      ? {
          sid: material.sid,
          thumbUrl: material.thumbKey ? deps.storage.publicUrl(material.thumbKey) : null,
          keywords: material.keywords,
        }
      : null,
    certificate:
      certificate && demand.orderSid && demand.materialSid
        ? {
            certNo: certificate.certNo,
            url: ORDER_PATHS.certificate.replace(':id', demand.orderSid).replace(':materialSid', demand.materialSid),
            verifyUrl: ORDER_PATHS.verifyCertificate.replace(':certNo', certificate.certNo),
          }
        : null,
  };
}

/** The latest draft, which feedback is about. */
export async function latestDraftSid(tx: DbOrTx, demandSid: string): Promise<string | null> {
  const drafts = (await listDesignFiles(tx, demandSid)).filter((f) => f.kind === DesignFileKind.DRAFT);
  return drafts.at(-1)?.sid ?? null;
}
