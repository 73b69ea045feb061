/**
 * The global through which the app takes the held clicks, and stops the holding: a function
 * answering `[element, elementsOfItsKindInTheApp][]`, oldest first.
 */
export const EARLY_CLICKS_GLOBAL = '__gsEarlyClicks';

/**
 * A page drawn by the server (and the loading screen) appears before the app's code has run: a
 * tap on one of its buttons would do nothing, and a phone shows the drawing for a second or more
 * before it responds. This script, inline at the top of every page, holds such clicks instead:
 * it cancels them (a button in a form must not submit the form natively) and keeps each one's
 * element, with the page's elements of its kind at that moment (the drawing may be gone when the
 * app looks), until the app has drawn the page; the app then clicks its own elements in their
 * place (apps/web src/lib/early-clicks.ts). Links and a form's submit buttons (pressing Enter in
 * a field clicks them too) are left alone: they work without the app, as a navigation.
 *
 * Inline means `script-src` must name it: the server's policy carries its hash
 * (EARLY_CLICK_SCRIPT_HASH in apps/server src/plugins/security-headers.ts), so one character
 * changed here changes both.
 */
export const EARLY_CLICK_SCRIPT =
  '(function(){var q=[],d=document;' +
  'function k(e){var t=e.target,c=t&&t.closest&&t.closest(' +
  "'button,[role=button],[role=tab],[role=checkbox],[role=radio],[role=switch],[role=menuitem],[role=option]," +
  "label,summary,input[type=checkbox],input[type=radio]');" +
  "var r=c&&c.closest('#root');if(!r||c.form&&c.type==='submit')return;e.preventDefault();e.stopPropagation();" +
  'if(!q.length||q[q.length-1][0]!==c)q.push([c,r.querySelectorAll(c.tagName)])}' +
  "d.addEventListener('click',k,true);" +
  `window.${EARLY_CLICKS_GLOBAL}=function(){d.removeEventListener('click',k,true);return q.splice(0)}})()`;
