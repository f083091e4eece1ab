/**
 * Every domain's calls, for the server's mount list test and the OpenAPI document. Browser code
 * imports the one domain file it needs instead, so a page does not carry every schema.
 */
import { messageCalls } from './messages';

export const allCalls = [messageCalls] as const;
