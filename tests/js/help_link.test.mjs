/* The table's Rules link (static/help_link.js): the address of a table's rules in a language. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { rulesHref } from "../../koloda/server/static/help_link.js";

test("the rules of a table are asked for in the page's language", () => {
  assert.equal(rulesHref("ru", "5Uu3aoQiqwTR"), "/help/ru/table/5Uu3aoQiqwTR");
  assert.equal(rulesHref("en", "a/b c"), "/help/en/table/a%2Fb%20c");
});
