import { type UploadFileAction, UploadFileMachine, type UploadFileState } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { type BatchFileChange, updateBatchFile, type UploadBatchFileRow } from './upload-batch.repository.js';

/**
 * The one door through which an upload batch file's state changes, by a named action of
 * UploadFileMachine: the UPDATE is guarded by the action's from-states, so `undefined` means the
 * file had moved on (cancelled while its bytes arrived, say) and nothing was written.
 */
export async function transitionUploadFile(
  tx: DbOrTx,
  fileSid: string,
  action: UploadFileAction,
  change: Omit<BatchFileChange, 'state'> = {},
): Promise<UploadBatchFileRow | undefined> {
  const rule = UploadFileMachine.actions[action];
  return updateBatchFile(tx, fileSid, rule.from, { ...change, state: rule.to as UploadFileState });
}
