/* A guest's own random token, made once and kept by this browser: the deal of the day and
   the tournaments know a guest by it (the server keeps only its hash). */
const BROWSER_KEY = "koloda.daily.browser";

/* This browser's token for a guest's entries (made once, kept here). */
export function browserToken(storage = localStorage, random = crypto) {
  let token = storage.getItem(BROWSER_KEY);
  if (!token) {
    token = Array.from(random.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    storage.setItem(BROWSER_KEY, token);
  }
  return token;
}
