import type { Locator, Page } from '@playwright/test';
import type { SandboxService } from './sandbox-service.ts';

const addressLabels = {
  library: 'Library address',
  scheduler: 'Scheduler address',
  dashboard: 'Dashboard address',
  community: 'Community address',
} as const;

export interface ProfileFormValues {
  name: string;
  urls: SandboxService['urls'];
  brandIds: number[];
  token: string;
}

/** Opens "Connect your account" from the welcome screen and gives its form. */
export async function openConnectForm(page: Page): Promise<Locator> {
  await page.getByTestId('connect-account').click();
  return page.getByTestId('profile-form');
}

/** A profile on this sandbox: its addresses, every seeded brand, the user token unless told. */
export function sandboxProfile(
  sandbox: SandboxService,
  name: string,
  token = sandbox.tokens.user,
): ProfileFormValues {
  return { name, urls: sandbox.urls, brandIds: sandbox.brands, token };
}

/** Fills the profile form by its labels, as a user reading them would. */
export async function fillProfileForm(form: Locator, values: ProfileFormValues): Promise<void> {
  await form.getByLabel('Profile name').fill(values.name);
  for (const [key, label] of Object.entries(addressLabels)) {
    await form.getByLabel(label).fill(values.urls[key as keyof typeof addressLabels]);
  }
  await form.getByLabel('Brand ids').fill(values.brandIds.join(', '));
  await tokenField(form).fill(values.token);
}

export function tokenField(form: Locator): Locator {
  return form.getByLabel('Token', { exact: true });
}

/** The row of one profile in the Settings page's profiles card. */
export function profileRow(page: Page, name: string): Locator {
  const nameTag = page.getByTestId('profile-name').getByText(name, { exact: true });
  return page.getByTestId('profiles-list').locator('li', { has: nameTag });
}
