export { casCheckRoutes, casProtocolRoutes, casServiceRoutes } from './cas/routes';
export { ServiceRegistryError, loadServiceFiles, type FileCasService } from './cas/service-files';
export { type IdentityProvider } from './external-entry/provider';
export { currentSessionUser, hasAnyRole, resolveSessionUser } from './guard';
export { consumeFormCaptcha } from './captcha/captcha';
export { clientIp, sessionToken } from './http';
export { checkOrigin } from './origin-check';
export { casRoutes, entryRoutes, mountIdentity, serviceRoutes, userRoutes } from './routes';
export {
  SESSIONS_CHANNEL,
  announceSessionChange,
  createSessionCache,
  type SessionCache,
} from './session-cache';
export { endOtherTickets, resolveSessionToken, sweepExpired, type SessionUser } from './sessions';
export { sendTextMessage, type SmsProvider } from './sms/provider';
export { checkPhoneCode, phoneCodeSentText, sendPhoneCode } from './sms/service';
export { registrationDefaults } from './users/service';
export { deliverDueLogouts, SINGLE_LOGOUT_JOB } from './cas/single-logout';
