// Chuo Pai at the table: draw the person's view, write the log, and let the person build a
// play from their hand. Only plays the seat's frame lists (`deal.options`) can be
// submitted; nothing here works out whether cards form a play or beat another.
const cardsOf = (action) => (action === "pass" ? [] : action.split(" ").slice(1));

// The round that was won last, as the log has told it so far: shown in the centre until
// the next lead, so the person sees what won after the table is cleared.
let lastRound = null;

export function describe(event, ui) {
  const seat = ui.seat(event.seat);
  switch (event.type) {
    case "bonus":
      return [ui.fmt(ui.about("bonus", event.seat), { seat, cards: ui.cards(event.cards, "mini") })];
    case "lead":
      lastRound = null;
      return [ui.forcedNote(event, ui.fmt(ui.about("lead", event.seat), { seat, cards: played(event, ui) }))];
    case "beat":
      return [ui.forcedNote(event, ui.fmt(ui.about("beat", event.seat), { seat, cards: played(event, ui) }))];
    case "pass":
      return [ui.fmt(ui.about("pass_event", event.seat), { seat })];
    case "round_won":
      lastRound = event;
      return [ui.fmt(ui.about("round_won", event.seat), { seat, cards: played(event, ui) })];
    case "deal_over":
      return [ui.fmt("deal_over")];
  }
  return null;
}

// A play's cards, and the name of the special combination they form, when they do
// (the server names it: Tian Jiu, Di Ba, Ren Qi, He Wu; 天九 地八 人七 和五 in Chinese).
function played(event, ui) {
  const cards = ui.cards(cardsOf(event.action), "mini");
  if (!event.combination) return cards;
  const out = document.createDocumentFragment();
  const han = document.documentElement.lang.startsWith("zh");
  const name = ui.el("span", "combination", han ? event.combination.chinese : event.combination.name);
  // A Chinese page's name is in the page's own language (simplified or traditional: the
  // four names are written alike in both), so it inherits the page's lang.
  if (!han) name.translate = false;
  out.append(cards, " (", name, ")");
  return out;
}

function pile(model, ui, seat) {
  const node = ui.el("div", "pile fit");
  node.setAttribute("aria-label", ui.messages.pile);
  node.setAttribute("role", "group");
  node.append(ui.cards([...model.piles[seat]].sort(ui.byOrder), "small"));
  return node;
}

export function render(model, deal, ui, { busy, highlight }) {
  const over = model.to_act === null;
  const acting = ui.acting(deal, busy, highlight);
  const winners = deal.result && !busy ? deal.result.winners : [];
  for (const box of document.querySelectorAll(".seat[data-seat]")) {
    const seat = Number(box.dataset.seat);
    const badges = [];
    if (model.leader === seat && !over) badges.push(ui.el("span", "badge", ui.messages.leader));
    const head = ui.el("div", "seat-head");
    const meta = ui.el("div", "seat-meta");
    meta.append(ui.el("span", "score", ui.text("score", { score: model.scores[seat] })));
    if (seat !== ui.me) meta.append(ui.concealed("domino", model.hand_sizes[seat]));
    head.append(ui.plate(seat, badges), meta);
    const parts = [head, pile(model, ui, seat)];
    if (seat !== ui.me && model.hands?.[seat]) parts.push(ui.openHand(model, seat));
    ui.fill(box, ...parts);
    box.setAttribute("aria-label", ui.seat(seat));
    box.classList.toggle("acting", acting === seat && !over);
    box.classList.toggle("winner", winners.includes(seat));
  }
  const rows = [];
  for (const play of model.round) {
    const row = ui.el("div", "play");
    const isTop = model.top && play.seat === model.top.seat && play.action === model.top.action;
    row.classList.toggle("top", Boolean(isTop));
    row.append(ui.el("span", "play-seat", ui.seat(play.seat)));
    if (play.action === "pass") row.append(ui.el("span", "play-pass", ui.messages.pass));
    else row.append(ui.cards(cardsOf(play.action), "small"));
    rows.push(row);
  }
  ui.fill(document.getElementById("round"), ...rows);
  const last = [];
  if (lastRound && !model.round.length) {
    const said = ui.el("span", "last-round-said");
    said.append(ui.fmt(ui.about("last_round", lastRound.seat), { seat: ui.seat(lastRound.seat) }));
    last.push(said, ui.cards(cardsOf(lastRound.action), "mini"));
  }
  ui.fill(document.getElementById("last-round"), ...last);
  document.getElementById("gone").textContent = ui.text("gone", { count: model.gone.length });
  renderHand(model, deal, ui, busy);
}

// The person's selection: indexes into the sorted hand, for the decision `selectedKey`.
let selected = [];
let selectedKey = -1;

function legalPlays(deal) {
  return deal.options.filter((a) => a !== "pass").map((a) => ({ action: a, cards: cardsOf(a) }));
}

function contains(big, small) {
  const left = [...big];
  for (const code of small) {
    const at = left.indexOf(code);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

// The hand, sorted as players hold it: one labelled run per family.
function renderHand(model, deal, ui, busy) {
  const runs = [];
  const sorted = [...model.hand].sort(ui.byOrder);
  if (selectedKey !== deal.key) {
    selected = [];
    selectedKey = deal.key;
  }
  const active = deal.options.length > 0 && !busy;
  const buttons = [];
  let run = null;
  let family = null;
  sorted.forEach((code, index) => {
    if (ui.catalogue[code].family !== family) {
      family = ui.catalogue[code].family;
      run = ui.el("div", "hand-run");
      run.setAttribute("role", "group");
      run.setAttribute("aria-label", family);
      // The family's name, as a tab before its first card (the cards flow on).
      run.append(ui.el("span", "family-name", family));
      runs.push(run);
    }
    if (!active) {
      run.append(ui.card(code));
      return;
    }
    const button = ui.button(ui.card(code), () => toggle(index, model, deal, ui), "card-button");
    button.setAttribute("aria-label", ui.text("select_card", { card: ui.catalogue[code].name }));
    button.dataset.code = code;
    button.dataset.focus = `card:${index}`;
    buttons.push(button);
    run.append(button);
  });
  if (active) markHand(buttons, sorted, deal);
  ui.fill(document.getElementById("hand"), ...runs);
}

// Each card of the hand pressed when selected, and enabled when selected or when it can
// join the selection in one of the legal plays.
function markHand(buttons, sorted, deal) {
  const plays = legalPlays(deal);
  const chosen = selected.map((i) => sorted[i]);
  buttons.forEach((button, index) => {
    const isSelected = selected.includes(index);
    const usable = isSelected || plays.some((p) => contains(p.cards, [...chosen, sorted[index]]));
    button.setAttribute("aria-pressed", isSelected ? "true" : "false");
    button.disabled = !usable;
  });
}

function toggle(index, model, deal, ui) {
  selected = selected.includes(index) ? selected.filter((i) => i !== index) : [...selected, index];
  refreshSelection(model, deal, ui);
}

// A selection changed: the hand's cards and the prompt's Play and Clear are marked anew
// where they stand. (Building the hand and the prompt again on each tap laid both out
// afresh: 58-146 ms from a tap to the next frame on a phone-class CPU.)
function refreshSelection(model, deal, ui) {
  const sorted = [...model.hand].sort(ui.byOrder);
  ui.keepFocus(() => {
    markHand([...document.querySelectorAll("#hand .card-button")], sorted, deal);
    markChoices(document.getElementById("prompt"), sorted, deal, ui);
  });
}

// The legal play made of exactly the selected cards, if there is one.
function selectedPlay(sorted, deal) {
  const key = selected.map((i) => sorted[i]).sort().join(" ");
  return deal.options.find((a) => a !== "pass" && [...cardsOf(a)].sort().join(" ") === key);
}

// Play (with the selected cards on it, enabled when they make a legal play) and Clear.
function markChoices(node, sorted, deal, ui) {
  const chosen = selected.map((i) => sorted[i]).sort(ui.byOrder);
  const match = selectedPlay(sorted, deal);
  const play = node.querySelector("#play-selected");
  play.disabled = !match;
  play.replaceChildren(ui.messages.play);
  if (chosen.length) play.append(" ", ui.cards(chosen, "mini"));
  if (!match && chosen.length) play.title = ui.messages.not_a_play;
  else play.removeAttribute("title");
  node.querySelector('[data-focus="clear"]').disabled = !chosen.length;
}

// The choice the misclick guard is about to send, in words and card chips.
export function choiceLabel(action, ui) {
  return action === "pass"
    ? ui.fmt("act_pass")
    : ui.fmt("act_play", { cards: ui.cards(cardsOf(action), "mini") });
}

// The position of a reviewed decision: the play to beat then (if any), and the hand.
export function reviewPosition(scene, ui) {
  const node = ui.el("div", "finding-position");
  if (scene.top) {
    const top = ui.el("p");
    top.append(ui.fmt("review_table", { cards: ui.cards(cardsOf(scene.top.action), "mini") }));
    node.append(top);
  }
  const hand = ui.el("p", "finding-hand");
  hand.append(ui.text("review_hand"), " ", ui.cards([...scene.hand].sort(ui.byOrder), "mini"));
  node.append(hand);
  return node;
}

// A hinted play's cards in the hand (each card once per copy in the play).
export function hinted(action) {
  const left = cardsOf(action);
  const found = [];
  for (const button of document.querySelectorAll("#hand .card-button[data-code]")) {
    const at = left.indexOf(button.dataset.code);
    if (at < 0) continue;
    left.splice(at, 1);
    found.push(button);
  }
  return found;
}

export function prompt(node, deal, ui) {
  const model = deal.view;
  const sorted = [...model.hand].sort(ui.byOrder);
  const text = ui.el("p", "prompt-text");
  const top = model.top;
  node.dataset.prompt = top ? "beat_prompt" : "lead_prompt";
  if (top) {
    text.append(
      ui.fmt("beat_prompt", { cards: ui.cards(cardsOf(top.action), "mini"), seat: ui.seat(top.seat) }),
    );
  } else {
    text.append(ui.messages.lead_prompt);
  }
  node.append(text);
  const choices = ui.el("div", "choices");
  const play = ui.button(
    ui.messages.play,
    () => {
      const match = selectedPlay(sorted, deal);
      if (match) ui.send(match);
    },
    "button primary",
  );
  play.id = "play-selected";
  play.dataset.focus = "play";
  choices.append(play);
  const clear = ui.button(ui.messages.clear, () => {
    selected = [];
    refreshSelection(model, deal, ui);
  });
  clear.dataset.focus = "clear";
  choices.append(clear);
  markChoices(choices, sorted, deal, ui);
  if (deal.options.includes("pass")) {
    const pass = ui.button(ui.messages.pass, () => ui.send("pass"));
    pass.dataset.action = "pass";
    pass.dataset.focus = "pass";
    choices.append(pass);
  }
  // Answering, the beating plays are few: offer them directly too, when they all fit.
  if (top && deal.options.length <= 12) {
    const list = ui.el("div", "quick-plays optional");
    list.setAttribute("role", "group");
    list.setAttribute("aria-label", ui.messages.beating_plays);
    for (const action of deal.options) {
      if (action === "pass") continue;
      const button = ui.button(ui.cards(cardsOf(action), "mini"), () => ui.send(action), "button quick");
      button.dataset.action = action;
      button.dataset.focus = action;
      list.append(button);
    }
    // Beside the choices, on their line while there is room.
    const row = ui.el("div", "prompt-actions");
    row.append(choices, list);
    node.append(row);
    return;
  }
  node.append(choices);
}

export function endingTitle(deal, ui) {
  const winners = deal.result.winners;
  if (winners.length > 1) {
    return ui.text("tie", { seats: ui.list(winners.map((s) => ui.seat(s))) });
  }
  return ui.isYou(winners[0]) ? ui.messages.you_won : ui.text("winner", { seat: ui.seat(winners[0]) });
}

// Each seat's account: the starting bonus apart, the rounds won and what they brought,
// the cards left in the hand (they do not score), and the score as their sum.
export function ending(deal, ui) {
  const list = ui.el("ol", "accounts");
  deal.view.ending.forEach((account, seat) => {
    const item = ui.el("li", "tile account");
    if (deal.result.winners.includes(seat)) item.classList.add("winner");
    const head = ui.el("p", "account-head");
    head.append(ui.el("span", "account-seat", ui.seat(seat)));
    head.append(ui.el("span", "account-score", ui.text("score", { score: account.score })));
    item.append(head);
    const rows = ui.el("dl", "account-rows");
    const row = (label, value) => {
      rows.append(ui.el("dt", "", label));
      const cell = ui.el("dd");
      cell.append(value);
      rows.append(cell);
    };
    const cards = (codes) => (codes.length ? ui.cards(codes, "small") : ui.messages.none);
    row(`${ui.messages.end_bonus} (${account.bonus.length})`, cards(account.bonus));
    row(ui.messages.end_rounds, String(account.rounds));
    row(`${ui.messages.end_won} (${account.won.length})`, cards(account.won));
    row(ui.messages.end_left, String(account.left));
    item.append(rows);
    item.append(
      ui.el("p", "sum", `${account.bonus.length} + ${account.won.length} = ${account.score}`),
    );
    list.append(item);
  });
  return list;
}
