/** Registers the ALTCHA widget's Chinese texts; the package ships no types for this entry. */
declare module 'altcha/i18n/zh-cn';
