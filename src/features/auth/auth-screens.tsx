import { useT } from '../../app/look.tsx';
import { ComingScreen } from '../../ui/ScreenShell.tsx';

export function LoginScreen() {
  return <ComingScreen title={useT()('screenLogin')} />;
}

export function ForgotPasswordScreen() {
  return <ComingScreen title={useT()('screenForgotPassword')} />;
}

export function RegisterScreen() {
  return <ComingScreen title={useT()('screenRegister')} />;
}
