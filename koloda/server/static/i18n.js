/* Koloda UI: English and Russian words, and the shared helpers of both pages. */
"use strict";
const WORDS = {
  en: {
    new_table: "New table", game: "Game", rules: "Rules", seats: "Seats", start: "Start the table",
    invites: "Invitations", watch: "Watch as a spectator", seat: "Seat", human: "Person",
    invites_help: "Send each player the link of his seat. The links are secret: whoever holds one plays that seat.",
    play_here: "Play this seat", copy: "Copy", copied: "Copied",
    last_trick: "Last trick", score_sheet: "Score sheet", download_record: "Download record",
    you: "you", to_act: "to act", your_turn: "Your turn", waiting: "Waiting for {0}",
    dealer: "dealer", cards: "cards", tricks: "tricks", total: "total", deal: "Deal",
    finished: "Game over", connecting: "connecting…", online: "online", offline: "reconnecting…",
    no_last_trick: "No trick taken yet in this deal.", took: "took", spectator: "spectator",
    contract: "Contract", trump: "Trump", by_last: "by the last card", top: "Top card", suit: "Suit",
    stock: "stock", pile: "pile", bid: "Bid", choose: "Choose", select_three: "Select three cards, then",
    played: "played", winner: "Winner", bot: "bot",
    yes: "yes", no: "no",
    "game.king": "King", "game.spades": "Spades", "game.hundred_one": "101", "game.tressette": "Tressette",
    "help.king": "Trick game for 3–4: seven negative deals, then positive deals with trump.",
    "help.spades": "Partnership trick game: bid tricks, spades are always trump, game to 500.",
    "help.hundred_one": "Shedding game for 2–6: follow suit or rank; 6, 7, queens and aces act.",
    "help.tressette": "Partnership trick game with declarations and card points, games to 21.",
    "c.no_tricks": "No tricks", "c.no_jacks": "No jacks", "c.no_queens": "No queens", "c.no_hearts": "No hearts",
    "c.last_two": "Not the last two", "c.no_king": "No king of hearts", "c.erelash": "Erelash (all)", "c.positive": "Positive (trumps)",
    "a.look": "Look at cards", "a.draw": "Draw", "a.pass": "Keep and pass", "a.nil": "Nil", "a.double_nil": "Double nil",
    "a.trump_last": "Trump by the last card", "a.discard": "Discard three", "a.give": "Give three",
    "ev.deal_started": "Deal {0} dealt", "ev.trick_taken": "{0} took the trick", "ev.deal_scored": "Deal scored: {0}",
    "ev.game_over": "Game over", "ev.trump_named": "{0} named trump {1}", "ev.contract_chosen": "{0} ordered {1}",
    "ev.suit_named": "{0} named {1}", "ev.bid": "{0} bid {1}", "ev.card_drawn": "{0} drew a card",
  },
  ru: {
    new_table: "Новый стол", game: "Игра", rules: "Правила", seats: "Места", start: "Начать игру",
    invites: "Приглашения", watch: "Смотреть как зритель", seat: "Место", human: "Человек",
    invites_help: "Отправьте каждому игроку ссылку на его место. Ссылки секретные: кто ею владеет, тот и играет за это место.",
    play_here: "Играть за это место", copy: "Копировать", copied: "Скопировано",
    last_trick: "Последняя взятка", score_sheet: "Запись игры", download_record: "Скачать запись партии",
    you: "вы", to_act: "ходит", your_turn: "Ваш ход", waiting: "Ждём: {0}",
    dealer: "сдаёт", cards: "карт", tricks: "взяток", total: "счёт", deal: "Сдача",
    finished: "Игра окончена", connecting: "подключение…", online: "на связи", offline: "переподключение…",
    no_last_trick: "В этой сдаче ещё не было взяток.", took: "взял", spectator: "зритель",
    contract: "Игра", trump: "Козырь", by_last: "по последней карте", top: "Верхняя карта", suit: "Масть",
    stock: "колода", pile: "сброс", bid: "Заказ", choose: "Выберите", select_three: "Выберите три карты, затем",
    played: "сыграл", winner: "Победитель", bot: "бот",
    yes: "да", no: "нет",
    "game.king": "Кинг", "game.spades": "Спейдс (пики)", "game.hundred_one": "101", "game.tressette": "Тресетте",
    "help.king": "Взяточная игра на 3–4: семь отрицательных сдач, затем положительные с козырем.",
    "help.spades": "Парная взяточная игра: заказ взяток, пики всегда козыри, игра до 500.",
    "help.hundred_one": "Игра на сброс для 2–6: кладут в масть или в достоинство; 6, 7, дамы и тузы действуют.",
    "help.tressette": "Парная взяточная игра с объявлениями и очками за карты, партии до 21.",
    "c.no_tricks": "Не брать взяток", "c.no_jacks": "Не брать валетов", "c.no_queens": "Не брать дам", "c.no_hearts": "Не брать червей",
    "c.last_two": "Не брать 2 последние", "c.no_king": "Не брать короля червей", "c.erelash": "Ерелаш", "c.positive": "Положительная (козыри)",
    "a.look": "Посмотреть карты", "a.draw": "Взять карту", "a.pass": "Оставить и пас", "a.nil": "Ноль", "a.double_nil": "Двойной ноль",
    "a.trump_last": "Козырь по последней карте", "a.discard": "Сбросить три", "a.give": "Отдать три",
    "ev.deal_started": "Сдача {0}", "ev.trick_taken": "{0} взял взятку", "ev.deal_scored": "Итог сдачи: {0}",
    "ev.game_over": "Игра окончена", "ev.trump_named": "{0} назвал козырь {1}", "ev.contract_chosen": "{0} заказал: {1}",
    "ev.suit_named": "{0} назвал масть {1}", "ev.bid": "{0} заказал {1}", "ev.card_drawn": "{0} взял карту",
  },
};
/* Russian explanations of rule options (English ones come from the server). */
const OPTION_HELP_RU = {
  variant: "Вариант: classic — классика на четверых; order — игры заказывают игроки; three — на троих.",
  negative_order: "Порядок семи отрицательных сдач в классике.",
  king_forced_on_heart_lead: "Если под ход в черви, король червей тоже обязан выйти.",
  stop_when_decided: "Заканчивать сдачу, как только взяты все штрафные карты.",
  positive_orders_per_player: "Сколько положительных игр в строке таблицы заказов.",
  order_scope: "Своя таблица заказов у каждого игрока или одна общая.",
  three_player_balance: "На троих: король червей стоит 24 (сумма ноль) или проигравшие платят пропорционально.",
  players: "Число игроков, 2–6.",
  hand_size: "Сколько карт сдаётся каждому.",
  voluntary_draw: "Можно брать из колоды, даже имея подходящую карту.",
  draw_six: "Сколько карт берёт следующий за шестёркой.",
  draw_seven: "Сколько карт берёт следующий за семёркой.",
  queen_in_hand: "Дама на руке: 40 сверх её 3 очков или 40 вместо 3.",
  double_nil: "Можно заказать двойной ноль, не глядя в карты.",
  nil_exchange: "Заказавший ноль и его партнёр обмениваются тремя картами.",
  bags_penalty: "Каждые 10 лишних взяток стоят 100 очков.",
  both_nil_failure: "Что теряет пара, если оба заказали ноль и хоть один не сыграл.",
  spades_broken_by: "Пики «вскрыты» только сбросом пики на другую масть или любой пикой.",
  target: "Счёт, до которого идёт игра.",
  max_deals: "Ограничить игру числом сдач (0 — без ограничения).",
  hearts_special: "Черви бьют другие масти (кроме 6, 5, 4 червей), червовая «баба» стоит 5.",
  card_points: "Очко за каждые 3 очковые карты в одной взятке или по всем взяткам сдачи.",
  long_run: "16 очков за длинную последовательность от тройки (seven) или только за всю масть (ten).",
};
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" }, ru: { S: "пики", H: "черви", D: "бубны", C: "трефы" } };
const RANKS_RU = { J: "В", Q: "Д", K: "К", A: "Т" };
let LANG = localStorage.getItem("koloda.lang") || ((navigator.language || "en").startsWith("ru") ? "ru" : "en");

function t(key, ...args) {
  let text = (WORDS[LANG] && WORDS[LANG][key]) || WORDS.en[key] || key;
  args.forEach((a, i) => { text = text.replace(`{${i}}`, a); });
  return text;
}
function translatePage() {
  document.documentElement.lang = LANG;
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  document.querySelectorAll(".langs button").forEach((b) => b.classList.toggle("on", b.dataset.lang === LANG));
}
function setLang(lang) {
  LANG = lang;
  localStorage.setItem("koloda.lang", lang);
  translatePage();
  document.dispatchEvent(new Event("koloda:lang"));
}
document.addEventListener("click", (e) => {
  const b = e.target.closest(".langs button");
  if (b) setLang(b.dataset.lang);
});
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c.nodeType ? c : String(c));
  return node;
}
function cardRank(code) { return code.slice(0, -1); }
function cardSuit(code) { return code.slice(-1); }
function cardLabel(code) {
  const r = cardRank(code);
  return (LANG === "ru" && RANKS_RU[r] ? RANKS_RU[r] : r) + SUITS[cardSuit(code)];
}
function cardNode(code, extra = {}) {
  const s = cardSuit(code);
  const r = cardRank(code);
  return el("span", { class: "card" + (s === "H" || s === "D" ? " red" : ""), "data-card": code, title: code, ...extra },
    el("span", { class: "rank" }, LANG === "ru" && RANKS_RU[r] ? RANKS_RU[r] : r), el("span", { class: "suit" }, SUITS[s]));
}
function suitLabel(s) { return `${SUITS[s] || s} ${(SUIT_NAMES[LANG] || SUIT_NAMES.en)[s] || ""}`.trim(); }
function gameName(g) { return t("game." + g); }
function actionLabel(action) {
  const [kind, rest] = action.includes(":") ? action.split(/:(.*)/s) : [action, ""];
  if (kind === "order") return t("c." + rest);
  if (kind === "trump") return rest === "last" ? t("a.trump_last") : `${t("trump")} ${suitLabel(rest)}`;
  if (kind === "suit") return suitLabel(rest);
  if (kind === "bid") return rest === "nil" || rest === "double_nil" ? t("a." + rest) : `${t("bid")} ${rest}`;
  if (kind === "discard" || kind === "give") return `${t("a." + kind)}: ${rest.split(",").map(cardLabel).join(" ")}`;
  if (WORDS.en["a." + kind]) return t("a." + kind);
  return action;
}
document.addEventListener("DOMContentLoaded", translatePage);
