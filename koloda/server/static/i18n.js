/* The pages' language: the catalogues served as /i18n/catalogues.js (a classic script that
   declares CATALOGUES before the modules run), the reader's choice kept in the browser, the
   page's fixed words (data-t, data-t-label) and the EN/RU buttons; and el, the one way the
   pages make elements. The words themselves are in words.js. */
import { lang, setLanguage, t, useCatalogues } from "./words.js";

export * from "./words.js";

useCatalogues(CATALOGUES);
setLanguage(localStorage.getItem("koloda.lang") || ((navigator.language || "en").startsWith("ru") ? "ru" : "en"));

/* The page's fixed words in the language of the moment. */
export function translatePage() {
  document.documentElement.lang = lang();
  document.querySelectorAll("[data-t]").forEach((node) => { node.textContent = t(node.dataset.t); });
  document.querySelectorAll("[data-t-label]").forEach((node) => { node.setAttribute("aria-label", t(node.dataset.tLabel)); });
  document.querySelectorAll(".langs button").forEach((b) => b.classList.toggle("on", b.dataset.lang === lang()));
}
/* The reader chose a language: kept, the page's fixed words changed, and "koloda:lang" told
   to the page's own code, which words the rest again. */
export function setLang(chosen) {
  setLanguage(chosen);
  localStorage.setItem("koloda.lang", chosen);
  translatePage();
  document.dispatchEvent(new Event("koloda:lang"));
}
document.addEventListener("click", (e) => {
  const b = e.target.closest(".langs button");
  if (b) setLang(b.dataset.lang);
});

/* An element: attributes (``class``, ``on<event>`` handlers; null, undefined and false left
   out, true as an empty attribute) and children (nodes or text; arrays flattened). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c.nodeType ? c : String(c));
  return node;
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", translatePage);
else translatePage();
