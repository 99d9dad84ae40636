export { gatewayPlugin } from './plugin.ts';
export { type BuildProductOptions, buildProduct } from './product.ts';
