import { bindService } from '../../lib/bind-service.js';
import {
  addBoardItem,
  type BoardDeps,
  buyBoard,
  commentOnItem,
  createBoard,
  listCompanyBoards,
  listItemComments,
  moveBoardItem,
  removeBoardItem,
  removeCompanyBoard,
  renameCompanyBoard,
  revokeBoardShare,
  shareBoard,
  showBoard,
  showSharedBoard,
} from './board.service.js';

/** A company's boards with their dependencies applied; built once, in services.ts. */
export function createBoardService(deps: BoardDeps) {
  return bindService(deps, {
    listCompanyBoards,
    createBoard,
    showBoard,
    renameCompanyBoard,
    removeCompanyBoard,
    addBoardItem,
    removeBoardItem,
    moveBoardItem,
    listItemComments,
    commentOnItem,
    buyBoard,
    shareBoard,
    revokeBoardShare,
    showSharedBoard,
  });
}

export type BoardService = ReturnType<typeof createBoardService>;
