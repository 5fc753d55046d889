import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { withDemo } from '../support/demo.ts';
import { resetCodeFor } from '../support/mail.ts';
import { claimedMember, NEW_PASSWORD, newPerson } from '../support/people.ts';
import { saveScreenshot } from '../support/screenshots.ts';

const RESET_PASSWORD = 'Reset!Pass2028';

test.describe('forgot password', () => {
  test('a mailed code resets the password, which then signs in @phone', async ({
    page,
    request,
  }, testInfo) => {
    test.slow();
    const person = newPerson(testInfo, 'Forgetful');
    await claimedMember(request, person);

    await page.goto(withDemo('/forgot-password'));
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText(/^Confirmation code was sent to \S+@\S+$/)).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'forgot-password-sent');

    await expect(page.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Please enter a 6-digit confirmation code.')).toBeVisible();
    await expect(
      page.getByText('Please provide the password as per above guidelines'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, 'forgot-password-verify');

    const code = await resetCodeFor(request, person.email);
    const wrong = code.replace(/^./, (d) => String((Number(d) + 1) % 10));
    const first = page.getByRole('textbox', { name: 'Digit 1 of 6' });
    await first.click();
    await page.keyboard.type(wrong);
    await expect(page.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue(wrong.slice(-1));
    await page.getByLabel('New password').fill(RESET_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid confirmation code. Please enter a valid code.',
    );

    await first.focus();
    await page.evaluate(async (text) => {
      const target = document.activeElement as HTMLElement;
      const data = new DataTransfer();
      data.setData('text', text);
      target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, code);
    for (const [index, digit] of [...code].entries()) {
      await expect(page.getByRole('textbox', { name: `Digit ${index + 1} of 6` })).toHaveValue(
        digit,
      );
    }
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password has been reset successfully')).toBeVisible();
    await saveScreenshot(page, testInfo, 'forgot-password-done');

    await expect(page).toHaveURL(/\/signin/);
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Your password is incorrect.');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(RESET_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test('an unknown e-mail offers to request an invitation', async ({ page }) => {
    await page.goto(withDemo('/forgot-password'));
    await page.getByLabel('Email').fill('nobody.at.all@demo.localhost');
    await page.getByRole('button', { name: 'Send Code' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(
      'An account with this email does not exist. Enter a different email or request an invitation.',
    );
    await expect(alert.getByRole('link', { name: 'request an invitation.' })).toBeVisible();
  });
});
