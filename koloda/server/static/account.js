/* The optional account: signing up and in (a passkey first, a name and password as the
   fallback), signing out here or everywhere, the account's settings and deletion, and the
   account's "My tables". The API calls carry the session's CSRF token (X-CSRF-Token); the
   passkey options' binary fields travel as base64url and are turned into ArrayBuffers and
   back here. The converters and the reading of refusals are pure functions (tested in node). */

const CHANGES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const SIGNED_IN_KEY = "koloda.signed_in";  // this browser signed in: worth asking who (a guest is not asked)
let csrf = null;

function markSignedIn(on) {
  try {
    if (on) localStorage.setItem(SIGNED_IN_KEY, "1");
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch { /* storage refused: the account is asked for every time */ }
}
function maybeSignedIn() {
  try { return localStorage.getItem(SIGNED_IN_KEY) !== null; } catch { return true; }
}

/* ----- base64url ------------------------------------------------------------------------ */
/* Bytes (an ArrayBuffer or a view) as base64url text, without padding. */
export function toBase64url(bytes) {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let binary = "";
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/* base64url (or base64) text as an ArrayBuffer; a TypeError for text that is neither. */
export function fromBase64url(text) {
  if (typeof text !== "string" || !/^[A-Za-z0-9_+/-]*={0,2}$/.test(text)) throw new TypeError("not base64url");
  const plain = text.replaceAll("-", "+").replaceAll("_", "/").replace(/=+$/, "");
  if (plain.length % 4 === 1) throw new TypeError("not base64url");
  const binary = atob(plain + "=".repeat((4 - (plain.length % 4)) % 4));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out.buffer;
}

function descriptors(list) {
  return (list || []).map((item) => Object.assign({}, item, { id: fromBase64url(item.id) }));
}

/* The server's registration options (JSON) as navigator.credentials.create's publicKey. */
export function creationOptions(options) {
  return {
    ...options,
    challenge: fromBase64url(options.challenge),
    user: { ...options.user, id: fromBase64url(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  };
}

/* The server's sign-in options (JSON) as navigator.credentials.get's publicKey. */
export function requestOptions(options) {
  return { ...options, challenge: fromBase64url(options.challenge), allowCredentials: descriptors(options.allowCredentials) };
}

/* A PublicKeyCredential (or an object shaped like one) as the JSON the server reads: its
   binary fields in base64url. */
export function credentialJSON(credential) {
  const r = credential.response;
  const response = { clientDataJSON: toBase64url(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toBase64url(r.attestationObject);
    response.transports = typeof r.getTransports === "function" ? r.getTransports() : [];
  }
  if (r.authenticatorData) response.authenticatorData = toBase64url(r.authenticatorData);
  if (r.signature) response.signature = toBase64url(r.signature);
  if (r.userHandle) response.userHandle = toBase64url(r.userHandle);
  const extensions = typeof credential.getClientExtensionResults === "function" ? credential.getClientExtensionResults() : {};
  return {
    id: credential.id, rawId: toBase64url(credential.rawId), type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? null,
    response, clientExtensionResults: extensions,
  };
}

/* ----- refusals -------------------------------------------------------------------------- */
/* What a refused answer means for the person: [catalogue key under "lobby.account.error.",
   its argument]. ``what`` is "sign_up" or "sign_in"; ``retryAfter`` the seconds to wait of
   a 429 (Retry-After); ``detail`` the server's own words. */
export function refusal(what, status, detail, retryAfter) {
  if (status === 0) return ["offline", null];
  if (status === -1) return ["passkey_cancelled", null];
  if (status === 429) return what === "sign_up" ? ["too_many_new", null] : ["too_many", waitMinutes(retryAfter)];
  if (status === 409) return ["name_taken", null];
  if (status === 401) return [what === "passkey" ? "passkey_refused" : "wrong_password", null];
  if (status === 400) return ["passkey_refused", null];
  if (status === 422) return ["invalid", typeof detail === "string" ? detail : ""];
  return ["other", typeof detail === "string" ? detail : String(status)];
}

/* What is wrong with a name and password before they are sent (the server's rules: a name
   of 3 to 24 letters, digits, spaces, _ or -; a password of at least 8 characters): a key
   under "lobby.account.error.", or null. ``password`` null: a passkey, no password. */
export function checkSignUp(name, password) {
  const cleaned = String(name).split(/\s+/).filter(Boolean).join(" ");
  if (cleaned.length < 3 || cleaned.length > 24 || !/^[\p{L}\p{N} _-]+$/u.test(cleaned)) return "name_invalid";
  if (password !== null && password.length < 8) return "password_short";
  return null;
}

/* Seconds to wait, as whole minutes (at least one). */
export function waitMinutes(seconds) {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? Math.max(1, Math.ceil(n / 60)) : 1;
}

/* The seats a browser remembers, as the claim's body: each table and token once. */
export function claimBody(remembered) {
  const seen = new Set();
  const tables = [];
  for (const item of remembered) {
    if (!item || typeof item.id !== "string" || typeof item.token !== "string") continue;
    const key = item.id + " " + item.token;
    if (seen.has(key)) continue;
    seen.add(key);
    tables.push({ table_id: item.id, token: item.token });
  }
  return { tables };
}

/* ----- the API --------------------------------------------------------------------------- */
/* A request with the session's CSRF token on every state-changing method: {ok, status,
   body, retryAfter}. A network failure is status 0. */
export async function call(method, url, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) Object.assign(init, { headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (csrf && CHANGES.has(method)) init.headers["x-csrf-token"] = csrf;
  try {
    const response = await fetch(url, init);
    let data = {};
    try { data = await response.json(); } catch { data = {}; }
    const answer = { ok: response.ok, status: response.status, body: data, retryAfter: response.headers.get("retry-after") };
    if (answer.ok && data && typeof data.csrf_token === "string") {
      csrf = data.csrf_token;
      markSignedIn(true);
    }
    return answer;
  } catch {
    return { ok: false, status: 0, body: {}, retryAfter: null };
  }
}

/* The signed-in account ({name, public_profile, …}) or null for a guest (a browser that has
   not signed in is not asked). */
export async function whoAmI() {
  if (!maybeSignedIn()) return null;
  const answer = await call("GET", "/api/me");
  if (!answer.ok && answer.status !== 0) {
    csrf = null;
    markSignedIn(false);
  }
  return answer.ok ? answer.body.account : null;
}

export function signUp(name, password, languages) { return call("POST", "/api/accounts", { name, password, languages }); }
export function signIn(name, password) { return call("POST", "/api/session", { name, password }); }

async function signedOut(url, method) {
  const answer = await call(method, url);
  if (answer.ok || answer.status === 401) {
    csrf = null;
    markSignedIn(false);
  }
  return answer;
}
export function signOut() { return signedOut("/api/session", "DELETE"); }
export function signOutEverywhere() { return signedOut("/api/session/everywhere", "POST"); }
export function deleteAccount() { return signedOut("/api/me", "DELETE"); }
export function setPublicProfile(on) { return call("PATCH", "/api/me", { public_profile: on }); }
/* A player's profile page. */
export function profileUrl(name) { return `/players/${encodeURIComponent(name)}`; }
export function myTables() { return call("GET", "/api/me/tables"); }
export function claimTables(remembered) { return call("POST", "/api/me/tables", claimBody(remembered)); }

/* Whether this browser can make and use passkeys. */
export function passkeysWork() {
  return typeof window !== "undefined" && !!window.PublicKeyCredential && !!navigator.credentials;
}

/* A passkey's ceremony failed in the browser (refused by the person, no authenticator). */
function browserRefusal() { return { ok: false, status: -1, body: {}, retryAfter: null }; }

/* A new account named ``name`` with a passkey, signed in. */
export async function passkeySignUp(name) {
  const begun = await call("POST", "/api/passkeys/register/begin", { name });
  if (!begun.ok) return begun;
  let credential;
  try {
    credential = await navigator.credentials.create({ publicKey: creationOptions(begun.body.options) });
  } catch { return browserRefusal(); }
  return call("POST", "/api/passkeys/register/finish", { challenge_id: begun.body.challenge_id, credential: credentialJSON(credential) });
}

/* Sign in with any passkey of this site the authenticator offers. */
export async function passkeySignIn() {
  const begun = await call("POST", "/api/passkeys/signin/begin", {});
  if (!begun.ok) return begun;
  let credential;
  try {
    credential = await navigator.credentials.get({ publicKey: requestOptions(begun.body.options) });
  } catch { return browserRefusal(); }
  return call("POST", "/api/passkeys/signin/finish", { challenge_id: begun.body.challenge_id, credential: credentialJSON(credential) });
}
