/**
 * The account area's methods: signing in and up, the account page and
 * logout, the call centre, the saved addresses, alerts (marking read goes
 * through the outbox, whose effect this area registers), the wallet and the
 * push token. Also what the boot uses: checkBan.
 */
import type { SyncWorkerAreas } from '../../src/api/worker-api.ts';
import type { OutboxAccess } from '../outbox/api.ts';
import type { SyncContext } from '../replica/context.ts';
import { deleteAddress, refreshAddresses, saveAddress, setDefaultAddress } from './addresses.ts';
import { MARK_ALL_CALL, MARK_ONE_CALL, alertMarkEffect } from './alert-rows.ts';
import { markAlertRead, markAllAlertsRead, refreshAlerts, savePushToken } from './alerts.ts';
import { loginAsCustomer, registerGuestUser, searchCustomers, stopActing } from './call-centre.ts';
import { refreshPageList } from './page-list.ts';
import { changeAvatar, changeDetails, checkBan, deleteAccount, logout, refreshProfile, sendContactCode, updateTaxNumber } from './profile.ts';
import {
  changePassword,
  loginWithCode,
  loginWithPassword,
  register,
  requestLoginCode,
  requestPasswordReset,
  sendOtp,
  verifyOtp,
  verifyPasswordResetCode,
} from './sign-in.ts';
import { refreshWallet } from './wallet.ts';

export { checkBan } from './profile.ts';

export interface AccountApiDeps {
  ctx: SyncContext;
  outbox: OutboxAccess;
  /** Runs once logout has ended, whatever it answered: the streams of this customer's orders carry their token and close with the session. */
  afterLogout(): void;
}

export type AccountHandlers = SyncWorkerAreas['account'];

export function accountApi({ ctx, outbox, afterLogout }: AccountApiDeps): AccountHandlers {
  const { effects } = outbox;
  for (const call of [MARK_ONE_CALL, MARK_ALL_CALL]) {
    if (!effects.get(call)) effects.register(call, alertMarkEffect(ctx.db, ctx.now));
  }
  return {
    register: (input) => register(ctx, input),
    loginWithPassword: (emailOrPhone, password) => loginWithPassword(ctx, emailOrPhone, password),
    requestLoginCode: (phone) => requestLoginCode(ctx, phone),
    loginWithCode: (input) => loginWithCode(ctx, input),
    sendOtp: (phone, email) => sendOtp(ctx, phone, email),
    verifyOtp: (phone, code) => verifyOtp(ctx, phone, code),
    requestPasswordReset: (email) => requestPasswordReset(ctx, email),
    verifyPasswordResetCode: (email, code) => verifyPasswordResetCode(ctx, email, code),
    changePassword: (email, code, password) => changePassword(ctx, email, code, password),
    refreshProfile: () => refreshProfile(ctx),
    sendContactCode: (kind, value) => sendContactCode(ctx, kind, value),
    changeDetails: (change) => changeDetails(ctx, change),
    changeAvatar: (image) => changeAvatar(ctx, image),
    updateTaxNumber: (taxNumber) => updateTaxNumber(ctx, taxNumber),
    deleteAccount: () => deleteAccount(ctx),
    logout: () => logout(ctx).finally(() => afterLogout()),
    checkBan: () => checkBan(ctx),
    loginAsCustomer: (userId) => loginAsCustomer(ctx, userId),
    registerGuestUser: (input) => registerGuestUser(ctx, input),
    searchCustomers: (query) => searchCustomers(ctx, query),
    stopActing: () => stopActing(ctx),
    refreshPageList: () => refreshPageList(ctx),
    refreshAddresses: () => refreshAddresses(ctx),
    saveAddress: (input) => saveAddress(ctx, input),
    deleteAddress: (addressId) => deleteAddress(ctx, addressId),
    setDefaultAddress: (addressId) => setDefaultAddress(ctx, addressId),
    refreshAlerts: () => refreshAlerts(ctx),
    markAlertRead: (alertId) => markAlertRead(ctx, outbox, alertId),
    markAllAlertsRead: () => markAllAlertsRead(ctx, outbox),
    refreshWallet: () => refreshWallet(ctx),
    savePushToken: (pushToken) => savePushToken(ctx, pushToken),
  };
}
