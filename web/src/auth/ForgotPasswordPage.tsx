import { Screen } from '../shell/Screen.tsx';

export function ForgotPasswordPage() {
  return <Screen title="Reset your password" />;
}
