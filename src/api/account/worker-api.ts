/**
 * The accounts part of the sync worker's API (SyncWorkerApi extends it):
 * signing in and up, the password reset, the account page, logout, the ban
 * check and the call centre. Sessions land in the replica's `session` row
 * 'customer' (CustomerSessionData in src/db/session.ts); the UI reads them
 * from there. Like every worker method these never throw: a refusal comes
 * back as a SyncFailure whose `code` the UI turns into words.
 */
import type { CustomerMatch } from './entities.ts';
import type { LoginSummary, SyncResult } from '../sync-result.ts';

export interface RegisterInput {
  name: string;
  email: string;
  phone: string;
  password: string;
  /** The code sendOtp texted to the phone: the phone is then marked verified. */
  otp?: string;
}

export interface CodeLoginInput {
  phone: string;
  code: string;
  /** Needed only when the phone has no account yet (requestLoginCode answered registered: false). */
  name?: string;
  email?: string;
}

export interface GuestInput {
  name: string;
  phone: string;
  email?: string;
  password?: string;
}

/** The account page's change of details: the name as typed; a new e-mail or phone with the code sent to it (sendContactCode). */
export interface DetailsChange {
  name?: string;
  email?: string;
  phone?: string;
  code?: string;
}

/** A code was sent (never the code itself). */
export interface CodeSentInfo {
  channel: 'sms' | 'email';
  expiresInSeconds: number;
}

export interface LoginCodeSentInfo extends CodeSentInfo {
  /** Whether the phone has an account; if not, loginWithCode needs a name and an e-mail. */
  registered: boolean;
}

/** What checkBan found. */
export interface BanCheck {
  /** True when the session ended here (banned, or the server no longer knows the token). */
  signedOut: boolean;
}

export interface AccountWorkerApi {
  /** register: creates the customer and keeps the session. */
  register(input: RegisterInput): Promise<SyncResult<LoginSummary>>;
  /** login with an e-mail (or a phone) and a password; the one password sign-in path (favourites use its session). */
  loginWithPassword(emailOrPhone: string, password: string): Promise<SyncResult<LoginSummary>>;
  /** generate-otp-for-login: texts a sign-in code to the phone. */
  requestLoginCode(phone: string): Promise<SyncResult<LoginCodeSentInfo>>;
  /** login-with-otp: signs in (or creates the account of a new phone) with the texted code. */
  loginWithCode(input: CodeLoginInput): Promise<SyncResult<LoginSummary>>;
  /** send-otp: texts a code confirming the phone before registering (EMAIL_TAKEN / PHONE_TAKEN early). */
  sendOtp(phone: string, email?: string): Promise<SyncResult<CodeSentInfo>>;
  /** verify-otp: checks that code without using it up. */
  verifyOtp(phone: string, code: string): Promise<SyncResult>;
  /** send-password-reset-mail: e-mails a reset code. */
  requestPasswordReset(email: string): Promise<SyncResult<CodeSentInfo>>;
  /** verify-password-reset-otp: checks the reset code before asking for the new password. */
  verifyPasswordResetCode(email: string, code: string): Promise<SyncResult>;
  /** change-user-password: sets the new password (other sessions end) and keeps the new session. */
  changePassword(email: string, code: string, password: string): Promise<SyncResult<LoginSummary>>;
  /** update-user-info: the fresh account into the session row. */
  refreshProfile(): Promise<SyncResult>;
  /** send-otp to a new e-mail (e-mailed) or phone (texted) the account moves to (EMAIL_TAKEN / PHONE_TAKEN early). */
  sendContactCode(kind: 'email' | 'phone', value: string): Promise<SyncResult<CodeSentInfo>>;
  /** update-user-info with the new name, or a new e-mail or phone and its code; the fresh account into the session row. */
  changeDetails(change: DetailsChange): Promise<SyncResult>;
  /** change-avatar: a PNG, JPEG or WebP of at most AVATAR_MAX_BYTES (checked here first: IMAGE_TYPE, IMAGE_TOO_LARGE). */
  changeAvatar(image: Blob | ArrayBuffer): Promise<SyncResult>;
  /** update-tax-number: an empty string clears it. */
  updateTaxNumber(taxNumber: string): Promise<SyncResult>;
  /** delete-user, then signs out on this device. */
  deleteAccount(): Promise<SyncResult>;
  /**
   * Spec §4, in one transaction: the session, the saved address (the primary
   * location takes its place, as on a first visit), the push-token pref, the
   * running order, the wallet and the saved addresses. Cart, language and
   * settings stay.
   */
  logout(): Promise<SyncResult>;
  /** check-ban with the saved session (also run by boot): a banned user, or a token the server no longer knows, is signed out. */
  checkBan(): Promise<SyncResult<BanCheck>>;
  /** get-pages: the content pages' names and slugs, for the account page's links (PrefKey.pageList). */
  refreshPageList(): Promise<SyncResult>;
  /** Call centre: the signed-in agent opens the customer's session (the agent's own is kept to return to). */
  loginAsCustomer(userId: number): Promise<SyncResult<LoginSummary>>;
  /** Call centre: the signed-in agent finds customers by phone (any format), name or e-mail (search-customers; needs the network). */
  searchCustomers(query: string): Promise<SyncResult<CustomerMatch[]>>;
  /** Call centre: the signed-in agent registers a guest and acts for them. */
  registerGuestUser(input: GuestInput): Promise<SyncResult<LoginSummary>>;
  /** Call centre: leaves the customer's session and restores the agent's. */
  stopActing(): Promise<SyncResult>;
}

/** A mark-read of alerts: shown at once in the replica; pending while it waits in the outbox for the network. */
export interface AlertsMarked {
  pending: boolean;
}

/** Alerts, wallet and push (worker/account/alerts.ts, worker/account/wallet.ts): the signed-in customer's; unauthorized without a session. */
export interface AlertsWorkerApi {
  /** The customer's alerts (get-user-notifications) replace the `alerts` table; marks still in the outbox stay applied on top. */
  refreshAlerts(): Promise<SyncResult>;
  /**
   * Marks one alert read at once in the replica and queues
   * mark-one-notification-read (outbox kind alert-read); resolves after one
   * attempt to send it.
   */
  markAlertRead(alertId: number): Promise<SyncResult<AlertsMarked>>;
  /** As markAlertRead, for every alert (mark-all-notifications-read). */
  markAllAlertsRead(): Promise<SyncResult<AlertsMarked>>;
  /** The balance and ledger (get-wallet-transactions) into `wallet`, one row per user. */
  refreshWallet(): Promise<SyncResult>;
  /** Saves this device's push token for the customer (save-notification-token) and keeps it in prefs.pushToken. */
  savePushToken(pushToken: string): Promise<SyncResult>;
}
