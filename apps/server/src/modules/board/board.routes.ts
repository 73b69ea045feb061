import { BOARD_API } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.js';
import type { BoardService } from './board.module.js';

/** A share link is public: a client may reload it, a script trying tokens may not go on. */
const SHARED_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** `/api/user/boards*`: the company's boards; `/api/board_share/:token`: a board shared with a client. */
export async function boardRoutes(app: FastifyInstance, { boards }: { boards: BoardService }) {
  route(app, BOARD_API.list, async (request) => boards.listCompanyBoards(request.user, request.query));
  route(app, BOARD_API.create, async (request) => boards.createBoard(request.user, request.body));
  route(app, BOARD_API.detail, async (request) => boards.showBoard(request.user, request.params.id));
  route(app, BOARD_API.rename, async (request) =>
    boards.renameCompanyBoard(request.user, request.params.id, request.body),
  );
  route(app, BOARD_API.remove, async (request) => boards.removeCompanyBoard(request.user, request.params.id));
  route(app, BOARD_API.addItem, async (request) => boards.addBoardItem(request.user, request.params.id, request.body));
  route(app, BOARD_API.removeItem, async (request) =>
    boards.removeBoardItem(request.user, request.params.id, request.params.material),
  );
  route(app, BOARD_API.moveItem, async (request) =>
    boards.moveBoardItem(request.user, request.params.id, request.body),
  );
  route(app, BOARD_API.comments, async (request) =>
    boards.listItemComments(request.user, request.params.id, request.params.material),
  );
  route(app, BOARD_API.comment, async (request) =>
    boards.commentOnItem(request.user, request.params.id, request.params.material, request.body),
  );
  route(app, BOARD_API.buyAll, async (request) => boards.buyBoard(request.user, request.params.id));
  route(app, BOARD_API.share, async (request) => boards.shareBoard(request.user, request.params.id, request.body));
  route(app, BOARD_API.revokeShare, async (request) =>
    boards.revokeBoardShare(request.user, request.params.id, request.params.token),
  );
  route(app, BOARD_API.shared, { config: { rateLimit: SHARED_RATE_LIMIT } }, async (request) =>
    boards.showSharedBoard(request.params.token),
  );
}
