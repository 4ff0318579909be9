/* The player pages' pictures of cards: each small face the server wrote
   (koloda/server/help_cards.py, a ``.card`` with its code in ``data-card``) drawn again as
   the card room's own face (cards.js), with the corner indices in the picture's language.
   The picture's name for screen readers stays the server's (the faces are aria-hidden). */
import { cardFaceSvg } from "./cards.js";
import { setLanguage } from "./words.js";

/* Draws the faces of every picture under ``root``. */
export function drawCardPictures(root) {
  for (const figure of root.querySelectorAll(".cards-example")) {
    setLanguage(figure.lang || document.documentElement.lang || "en");
    for (const card of figure.querySelectorAll(".card[data-card]")) {
      card.replaceChildren(cardFaceSvg(card.dataset.card));
      card.classList.add("drawn");
    }
  }
}

drawCardPictures(document);
/* i18n.js set the whole page's language to the reader's choice; this page is in its own (the
   player page's body says it; the documentation site keeps it on the root before i18n.js). */
const own = document.body.dataset.lang || document.documentElement.dataset.lang;
if (own) document.documentElement.lang = own;
