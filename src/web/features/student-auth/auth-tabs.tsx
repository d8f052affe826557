import { Tabs } from '@ark-ui/react/tabs';
import { messages } from '../../../contract/messages.ts';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/** Step 1: the Login and Sign Up tabs (Ark UI Tabs: arrow keys move between them). */
export function AuthTabs() {
  return (
    <Tabs.Root defaultValue="login" className="tabs">
      <Tabs.List className="tabs__list" aria-label={messages.authTabsLabel}>
        <Tabs.Trigger value="login" className="tabs__trigger">
          {messages.tabLogin}
        </Tabs.Trigger>
        <Tabs.Trigger value="sign-up" className="tabs__trigger">
          {messages.tabSignUp}
        </Tabs.Trigger>
        <Tabs.Indicator className="tabs__indicator" />
      </Tabs.List>
      <Tabs.Content value="login" className="tabs__content">
        <LoginForm />
      </Tabs.Content>
      <Tabs.Content value="sign-up" className="tabs__content">
        <SignUpForm />
      </Tabs.Content>
    </Tabs.Root>
  );
}
