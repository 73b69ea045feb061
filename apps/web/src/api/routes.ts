import { type CART_API, type COMMON_API, type MATERIAL_API, type USER_API, endpointRoute } from '@gemstock/contract';

/*
 * The endpoints the pages a first visit lands on call (the shell, home, search, detail, /video,
 * /free-material), as routes typed by their declarations in packages/contract. The declarations
 * hold zod schemas; these hold a method and a path, which is all a call needs, so those pages
 * load no zod. The compiler keeps each method and path equal to its declaration's.
 */

export const COMMON_ROUTES = {
  siteConfig: endpointRoute<typeof COMMON_API.siteConfig>('GET', '/api/common/site'),
  hotKeywords: endpointRoute<typeof COMMON_API.hotKeywords>('GET', '/api/index/keywords'),
  service: endpointRoute<typeof COMMON_API.service>('GET', '/api/common/service'),
};

export const USER_ROUTES = {
  me: endpointRoute<typeof USER_API.me>('GET', '/api/user'),
};

export const CART_ROUTES = {
  list: endpointRoute<typeof CART_API.list>('GET', '/api/cart'),
  add: endpointRoute<typeof CART_API.add>('POST', '/api/cart/add'),
};

export const MATERIAL_ROUTES = {
  search: endpointRoute<typeof MATERIAL_API.search>('GET', '/api/material'),
  detail: endpointRoute<typeof MATERIAL_API.detail>('GET', '/api/material/:id'),
  related: endpointRoute<typeof MATERIAL_API.related>('GET', '/api/material/:id/related'),
  like: endpointRoute<typeof MATERIAL_API.like>('POST', '/api/material/:id/like'),
  unlike: endpointRoute<typeof MATERIAL_API.unlike>('DELETE', '/api/material/:id/like'),
  featuredVideo: endpointRoute<typeof MATERIAL_API.featuredVideo>('GET', '/api/material/featured_video'),
  free: endpointRoute<typeof MATERIAL_API.free>('GET', '/api/material/free'),
};
