/** The sign-in area (spec §2: /login, /login/forgot-password, /register), one lazily loaded chunk. */
export { LoginScreen } from './LoginScreen.tsx';
export { RegisterScreen } from './RegisterScreen.tsx';
export { ForgotPasswordScreen } from './ForgotPasswordScreen.tsx';
