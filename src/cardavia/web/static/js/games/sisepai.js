// Sì Sè Pái at the table: draw the person's view, write the log, offer the legal actions.
// Everything drawn comes from the view the server sent (and, between two answers, from
// what each event says changed); nothing here works out a rule.

// The log's lines for one event (none for the person's forced answers: they are
// folded into the window's outcome, and never pause play).
export function describe(event, ui) {
  const seat = ui.seat(event.seat);
  const card = event.card ? ui.card(event.card, "mini") : null;
  switch (event.type) {
    case "drew":
      return [ui.fmt(ui.about("drew", event.seat), { seat, card, stock: event.stock_left })];
    case "answered":
      if (event.forced) return null;
      return [ui.fmt("answered_you", { action: actionLabel(event.action, ui, "answer_") })];
    case "claimed":
      return withLoss(event, ui, [
        ui.fmt(claimKey(event, ui), {
          seat,
          card,
          source: ui.seat(event.from),
          group: ui.cards(event.group, "mini"),
        }),
      ]);
    case "discarded":
      if (event.drawn) return [ui.fmt(event.seat === ui.me ? "untaken_own" : "untaken", { seat, card })];
      return [ui.forcedNote(event, ui.fmt(ui.about("discarded", event.seat), { seat, card }))];
    case "dead":
      return [ui.fmt("dead", { card })];
    case "won":
      return withLoss(event, ui, [
        ui.fmt(ui.about("won", event.seat), { seat, card, points: points(event.score, ui) }),
      ]);
    case "stock_out":
      return [ui.fmt("stock_out")];
  }
  return null;
}

function withLoss(event, ui, lines) {
  if (event.lost) lines.push(lossText(event, ui));
  return lines;
}

// Why the person's claim lost: the server names the claim that came first and the
// person's, by the engine's own priority ladder.
function lossText(event, ui) {
  const seat = ui.seat(event.seat);
  const lost = event.lost;
  if (lost.order) return ui.fmt("lost_order", { seat, owner: ui.seat(lost.owner) });
  return ui.fmt(event.type === "won" ? "lost_won" : "lost", {
    seat,
    theirs: ui.messages[`claim_${lost.theirs}`],
    yours: ui.messages[`your_${lost.yours}`],
  });
}

// What the person's last answer led to, shown above their next choice.
export function outcome(deal, ui) {
  const lost = [...deal.events].reverse().find((event) => event.lost);
  if (!lost) return null;
  const node = ui.el("p", "outcome");
  node.append(lossText(lost, ui));
  return node;
}

function actionLabel(action, ui, prefix = "") {
  const [verb, ...codes] = action.split(" ");
  const label = document.createDocumentFragment();
  label.append(ui.messages[prefix + verb] ?? verb);
  if (codes.length) label.append(" ", ui.cards(codes, "mini"));
  return label;
}

function claimKey(event, ui) {
  if (event.from === event.seat) return ui.about("claimed_own", event.seat);
  if (event.from === ui.me) return "claimed_from_you";
  return ui.about("claimed", event.seat);
}

function exposedGroups(groups, ui) {
  const node = ui.el("div", "exposed fit");
  for (const group of groups) node.append(ui.cards(group, "small"));
  return node;
}

// How many of the stock's next cards a replay shows face up.
const STOCK_SHOWN = 6;

export function render(model, deal, ui, { busy, highlight }) {
  const over = model.phase === "over";
  const acting = ui.acting(deal, busy, highlight);
  for (const box of document.querySelectorAll(".seat[data-seat]")) {
    const seat = Number(box.dataset.seat);
    const head = ui.el("div", "seat-head");
    const meta = ui.el("div", "seat-meta");
    if (model.dealer === seat) meta.append(ui.el("span", "badge", ui.messages.dealer));
    // A replay shows each seat's sealed answer to the open claim window.
    const answer = model.answers?.[seat];
    const badges = [];
    if (answer) {
      const badge = ui.el("span", "badge sealed-answer");
      badge.append(actionLabel(answer, ui, "answer_"));
      badges.push(badge);
    }
    const parts = [head, exposedGroups(model.exposed[seat], ui)];
    if (seat !== ui.me) meta.append(ui.concealed("four_colour", model.hand_sizes[seat]));
    if (seat !== ui.me && model.hands?.[seat]) parts.push(ui.openHand(model, seat));
    head.append(ui.plate(seat, badges), meta);
    ui.fill(box, ...parts);
    box.setAttribute("aria-label", ui.seat(seat));
    box.classList.toggle("acting", acting === seat && !over);
    box.classList.toggle("winner", deal.result?.winner === seat && !busy);
  }
  const count = model.stock_left;
  document.querySelector("#stock .stock-words").textContent = ui.text("stock", { count });
  // A phone on its side shows a card back and the count, as the seats' hands do.
  document.querySelector("#stock .stock-short").textContent = `× ${count}`;
  // A replay shows the stock as it was: its next cards, in the order they are drawn.
  const next = document.querySelector("#stock .stock-next");
  if (model.stock) {
    const shown = next ?? ui.el("span", "stock-next");
    ui.fill(shown, ui.cards(model.stock.slice(0, STOCK_SHOWN), "mini"));
    shown.setAttribute("role", "group");
    shown.setAttribute("aria-label", ui.messages.stock_next);
    if (!next) document.getElementById("stock").append(shown);
  } else next?.remove();
  // (A class, not `:has()` in the style sheet: its matching costs every style update.)
  document.getElementById("centre").classList.toggle("stock-shown", Boolean(model.stock));
  const slot = document.querySelector("#public .public-slot");
  const caption = document.querySelector("#public .public-caption");
  if (model.public_card) {
    ui.fill(slot, ui.card(model.public_card, highlight ? "public arrive" : "public"));
    const key = model.public_drawn ? "public_drawn" : "public_discarded";
    caption.textContent = ui.text(ui.about(key, model.public_from), {
      seat: ui.seat(model.public_from),
    });
  } else {
    ui.fill(slot, ui.el("span", "card-place"));
    caption.textContent = ui.messages.no_public;
  }
  const dead = document.querySelector("#dead .dead-cards");
  ui.fill(dead, ...model.dead.map((code) => ui.card(code, "small")));
  renderHand(model, deal, ui, busy);
}

function renderHand(model, deal, ui, busy) {
  const runs = [];
  const discards = new Set(
    !busy && model.phase === "discard"
      ? deal.options.filter((a) => a.startsWith("discard ")).map((a) => a.slice(8))
      : [],
  );
  const sorted = [...model.hand].sort(ui.byOrder);
  let run = null;
  let runColour = null;
  for (const code of sorted) {
    const colour = code.startsWith("F") ? "F" : code[0];
    if (colour !== runColour) {
      run = ui.el("div", "hand-run");
      runs.push(run);
      runColour = colour;
    }
    if (discards.has(code)) {
      const button = ui.button(ui.card(code), () => ui.send(`discard ${code}`), "card-button");
      button.setAttribute("aria-label", ui.text("discard_card", { card: ui.catalogue[code].name }));
      button.dataset.action = `discard ${code}`;
      button.dataset.focus = `discard ${code}`;
      run.append(button);
    } else {
      const locked = model.phase === "discard" && deal.options.length > 0 && !busy;
      run.append(ui.card(code, locked ? "locked" : ""));
    }
  }
  ui.fill(document.getElementById("hand"), ...runs);
}

// The verbs of the legal answers, in the order the prompt names them and offers them.
const VERBS = ["win", "take", "pass"];

export function prompt(node, deal, ui) {
  const view = deal.view;
  if (view.phase === "discard") {
    node.dataset.prompt = "must_discard";
    node.append(ui.el("p", "prompt-text", ui.messages.must_discard));
    node.append(ui.el("p", "hint", ui.messages.no_discard_hint));
    return;
  }
  // The sentence names exactly the verbs on the buttons below it.
  const verbs = VERBS.filter((verb) => deal.options.some((action) => action.split(" ")[0] === verb));
  const source = view.public_from === ui.me ? "own" : view.public_drawn ? "drawn" : "discard";
  const key = `ask_${source}_${verbs.join("_")}`;
  node.dataset.prompt = key;
  const text = ui.el("p", "prompt-text");
  text.append(
    ui.fmt(key, { seat: ui.seat(view.public_from), card: ui.card(view.public_card, "mini") }),
  );
  node.append(text);
  // Win, then every group the card can be taken into (after one "Take"), then Pass.
  const choices = ui.el("div", "choices");
  const choice = (label, action, className = "button") => {
    const button = ui.button(label, () => ui.send(action), className);
    button.dataset.action = action;
    button.dataset.focus = action;
    return button;
  };
  if (deal.options.includes("win")) choices.append(choice(ui.messages.win, "win", "button primary"));
  const takes = deal.options.filter((action) => action.startsWith("take "));
  if (takes.length) {
    const group = ui.el("span", "take-group");
    group.append(ui.el("span", "take-label", ui.messages.take));
    for (const action of takes) {
      const codes = action.split(" ").slice(1);
      const button = choice(ui.cards(codes, "mini"), action);
      const names = codes.map((code) => ui.catalogue[code].name).join(", ");
      button.setAttribute("aria-label", `${ui.messages.take}: ${names}`);
      group.append(button);
    }
    choices.append(group);
  }
  if (deal.options.includes("pass")) choices.append(choice(ui.messages.pass, "pass"));
  node.append(choices);
}

// The choice the misclick guard is about to send, in words and card chips.
export function choiceLabel(action, ui) {
  const [verb, ...codes] = action.split(" ");
  return ui.fmt(`act_${verb}`, { cards: ui.cards(codes, "mini") });
}

// The position of a reviewed decision: the public card then, and the hand.
export function reviewPosition(scene, ui) {
  const node = ui.el("div", "finding-position");
  if (scene.public_card) {
    const table = ui.el("p");
    table.append(ui.fmt("review_table", { cards: ui.cards([scene.public_card], "mini") }));
    node.append(table);
  }
  const hand = ui.el("p", "finding-hand");
  hand.append(ui.text("review_hand"), " ", ui.cards([...scene.hand].sort(ui.byOrder), "mini"));
  node.append(hand);
  return node;
}

// "1 point", "3 points": one and other are the only plural forms the site's languages need.
function points(score, ui) {
  return ui.text(score === 1 ? "point" : "points", { score });
}

export function endingTitle(deal, ui) {
  const result = deal.result;
  if (result.result === "draw") return ui.text("draw_result");
  if (ui.isYou(result.winner)) return ui.text("you_won", { points: points(result.score, ui) });
  return ui.text("winner", { seat: ui.seat(result.winner) });
}

// The winner's groups, each on its own tile: exposed during the deal or from the hand,
// the winning card marked, and the score added up group by group; first, when the
// person's claim lost to the winner's, why (the last event of the seat's `log`).
export function ending(deal, ui, log = []) {
  const body = document.createDocumentFragment();
  const last = log.at(-1);
  if (last?.lost) body.append(ui.el("p", "outcome", ui.spoken(lossText(last, ui)).trim()));
  const breakdown = deal.view.breakdown;
  if (!breakdown) return body;
  const list = ui.el("ol", "breakdown");
  for (const group of breakdown) {
    const item = ui.el("li", group.exposed ? "tile exposed-group" : "tile concealed-group");
    const cards = ui.el("span", "cards");
    group.cards.forEach((code, index) => {
      const card = ui.card(code, "small");
      if (index === group.winning) {
        card.classList.add("winning");
        card.setAttribute("aria-label", `${card.getAttribute("aria-label")} (${ui.messages.winning_card})`);
      }
      cards.append(card);
    });
    item.append(cards);
    item.append(ui.el("span", "group-origin", ui.messages[group.exposed ? "group_exposed" : "group_concealed"]));
    item.append(ui.el("span", "group-kind", ui.messages[`group_${group.kind}`]));
    item.append(ui.el("span", "group-score", points(group.score, ui)));
    list.append(item);
  }
  body.append(list);
  const sum = breakdown.map((group) => group.score).join(" + ");
  const total = ui.el("p", "total", ui.text("total", { points: points(deal.result.score, ui) }));
  total.append(ui.el("span", "sum", ` (${sum} = ${deal.result.score})`));
  body.append(total);
  return body;
}
