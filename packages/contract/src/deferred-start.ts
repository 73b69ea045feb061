/**
 * The longest a drawn page's app waits for its first pictures, in milliseconds: on a connection
 * slow enough to take longer, the app starts anyway.
 */
export const DEFERRED_START_CAP_MS = 3000;

/**
 * A page the server drew (apps/server src/plugins/web-app.ts) shows its content before any of
 * the app's code has run. On such a page this script stands in for the module script of the
 * app's entry, whose address it carries in `data-entry`: it starts the app only once the pictures
 * of the first screen (those drawn with `fetchpriority="high"`) have been decoded and painted (or
 * failed, or DEFERRED_START_CAP_MS has passed). On a phone's connection the app's scripts would
 * otherwise share the bandwidth with those pictures, and their evaluation would hold the main
 * thread while the pictures wait to be painted: the page's largest picture appeared after the app
 * had started. A picture that has loaded is not yet painted: the grid's are decoded off the main
 * thread (`decoding="async"`) and paint a frame or more later, so the script waits for
 * `decode()`, and for the load or error event only where a browser has no `decode()`. Taps made
 * before the app runs are held and replayed (EARLY_CLICK_SCRIPT), so nothing done meanwhile is
 * lost.
 *
 * Inline, so `script-src` names it by hash (DEFERRED_START_SCRIPT_HASH in apps/server
 * src/plugins/security-headers.ts); the entry's address is an attribute, outside the hash.
 */
export const DEFERRED_START_SCRIPT =
  '(function(){var d=document,w=window,e=d.currentScript.getAttribute("data-entry"),s=0;' +
  'function start(){if(s)return;s=1;var m=d.createElement("script");m.type="module";m.crossOrigin="anonymous";' +
  'm.src=e;d.body.appendChild(m)}' +
  // after the frame that paints the last of them has been shown: that frame's own animation
  // callback runs before it is drawn, the next frame's once it has been
  'function painted(){w.requestAnimationFrame(function(){w.requestAnimationFrame(function(){setTimeout(start,0)})})}' +
  // the pictures the drawing marks as its first screen's (fetchpriority=high): found by attribute,
  // as measuring where pictures are would lay the page out before the browser is ready to
  'function wait(){var p=d.querySelectorAll("#root img[fetchpriority=high]"),n=p.length;' +
  `setTimeout(start,${DEFERRED_START_CAP_MS});if(!n)return painted();` +
  '[].forEach.call(p,function(i){var k=0;function f(){if(k)return;k=1;if(!--n)painted()}' +
  'if(i.decode)i.decode().then(f,f);else if(i.complete)f();' +
  'else{i.addEventListener("load",f);i.addEventListener("error",f)}})}' +
  'if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",wait);else wait()})()';
