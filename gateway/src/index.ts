export { gatewayPlugin } from './plugin.ts';
