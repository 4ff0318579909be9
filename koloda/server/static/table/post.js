/* The table page's state-changing requests (leaving, a rematch): a signed-in player's carry
   his session's CSRF token, without which the server refuses them. {ok, status, body}; a
   network failure is status 0. */
import { call, whoAmI } from "../account.js";

let session = null;  // asked once: a browser that never signed in is not asked

export async function post(url, body) {
  session ??= whoAmI().catch(() => null);
  await session;
  return call("POST", url, body);
}
