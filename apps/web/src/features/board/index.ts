/**
 * What the boards feature (团队收藏夹) offers the others (lint: another feature imports only this
 * file): the 加入收藏夹 button of a material; its dialog loads on the first click.
 */
export { AddToBoardButton } from './components/add-to-board-button';
