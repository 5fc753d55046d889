import { Screen } from '../shell/Screen.tsx';

export function SignInPage() {
  return <Screen title="Sign in" />;
}
