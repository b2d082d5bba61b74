import { useT } from '../../app/look.tsx';
import { ComingScreen } from '../../ui/ScreenShell.tsx';

/** /auth/login-as-customer/:id? for call-centre agents. */
export function LoginAsCustomerScreen() {
  return <ComingScreen title={useT()('screenLoginAsCustomer')} />;
}
