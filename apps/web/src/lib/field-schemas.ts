/*
 * The contract's field schemas the light forms check with (src/lib/light-form.ts). Imported only
 * with import(): zod comes with this chunk after the page is shown, not with the page.
 */
export { zCompanyAddress, zCompanyLicense, zCompanyName, zNewPassword, zPassword } from '@gemstock/contract';
