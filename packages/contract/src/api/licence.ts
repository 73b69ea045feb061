import { defineEndpoint } from '../endpoint.js';
import { ZDownloadUrlResponse, ZMaterialIdParams } from './material.js';
import { ZDownloadQuery, ZDownloadResponse, ZOrderParams, ZPurchasedQuery, ZPurchasedResponse } from './order.js';

/**
 * Licensed downloads and the purchased list (spec §7). The licence certificate (a PDF) and its
 * public verification page (HTML) are not endpoint declarations: their paths are
 * `ORDER_PATHS.certificate` and `ORDER_PATHS.verifyCertificate` in paths.ts.
 */
export const LICENCE_API = {
  materialDownload: defineEndpoint({
    method: 'GET',
    path: '/api/material/:id/download',
    access: 'user',
    params: ZMaterialIdParams,
    response: ZDownloadUrlResponse,
    summary: "A short-lived link to the original of a material the account's company has licensed.",
  }),
  orderDownload: defineEndpoint({
    method: 'GET',
    path: '/api/order/:id/download',
    access: 'user',
    params: ZOrderParams,
    query: ZDownloadQuery,
    response: ZDownloadResponse,
    summary: 'Short-lived links to the originals of a paid order: one material, or all of them.',
  }),
  purchased: defineEndpoint({
    method: 'GET',
    path: '/api/user/material',
    access: 'user',
    query: ZPurchasedQuery,
    response: ZPurchasedResponse,
    summary: 'Licensed materials with their licence, download count and certificate.',
  }),
} as const;
