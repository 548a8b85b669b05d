// Sì Sè Pái at the table: draw the view, replay events on it, offer the legal actions.
const SEATS = 4;

function removeOne(list, code) {
  const at = list.indexOf(code);
  if (at >= 0) list.splice(at, 1);
}

// What the table looks like after `event` (display only: the server's view that follows
// the animation replaces it).
export function apply(model, event) {
  const next = structuredClone(model);
  const seat = event.seat;
  switch (event.type) {
    case "drew":
      Object.assign(next, {
        phase: "claim",
        public_card: event.card,
        public_from: seat,
        public_drawn: true,
        stock_left: event.stock_left,
        to_act: seat,
        my_answer: null,
      });
      break;
    case "answered":
      next.my_answer = event.action;
      break;
    case "claimed": {
      next.exposed[seat].push(event.group);
      next.hand_sizes[seat] -= event.group.length - 1;
      if (seat === 0) {
        let publicLeft = true;
        for (const code of event.group) {
          if (code === event.card && publicLeft) publicLeft = false;
          else removeOne(next.hand, code);
        }
      }
      Object.assign(next, { phase: "discard", public_card: null, to_act: seat, my_answer: null });
      break;
    }
    case "discarded":
      if (!event.drawn) {
        next.hand_sizes[seat] -= 1;
        if (seat === 0) removeOne(next.hand, event.card);
      }
      Object.assign(next, {
        phase: "claim",
        public_card: event.card,
        public_from: seat,
        public_drawn: false,
        to_act: (seat + 1) % SEATS,
        my_answer: null,
      });
      break;
    case "dead":
      next.dead.push(event.card);
      next.public_card = null;
      break;
    case "won":
      Object.assign(next, { phase: "over", to_act: null });
      break;
    case "stock_out":
      Object.assign(next, { phase: "over", to_act: null, public_card: null });
      break;
  }
  next.history.push(event);
  return next;
}

export function history(state) {
  return state.view.history;
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
  if (event.from === 0) return "claimed_from_you";
  return ui.about("claimed", event.seat);
}

export function describe(event, ui) {
  const seat = ui.seat(event.seat);
  const card = event.card ? ui.card(event.card, "mini") : null;
  switch (event.type) {
    case "drew":
      return ui.fmt(ui.about("drew", event.seat), { seat, card, stock: event.stock_left });
    case "answered":
      return ui.fmt(ui.about("answered", event.seat), {
        seat,
        action: actionLabel(event.action, ui, "answer_"),
      });
    case "claimed":
      return ui.fmt(claimKey(event, ui), {
        seat,
        card,
        source: ui.seat(event.from),
        group: ui.cards(event.group, "mini"),
      });
    case "discarded":
      return event.drawn
        ? ui.fmt(event.seat === 0 ? "untaken_own" : "untaken", { seat, card })
        : ui.fmt(ui.about("discarded", event.seat), { seat, card });
    case "dead":
      return ui.fmt("dead", { card });
    case "won":
      return ui.fmt(ui.about("won", event.seat), { seat, card, points: points(event.score, ui) });
    case "stock_out":
      return ui.fmt("stock_out");
  }
  return null;
}

function plate(model, state, ui, seat) {
  const node = ui.el("div", "plate");
  node.append(ui.el("span", "seat-name", ui.seat(seat)));
  if (seat !== 0) node.append(ui.el("span", "seat-level", ui.messages[`ai_${state.ai}`]));
  if (model.dealer === seat) node.append(ui.el("span", "badge", ui.messages.dealer));
  return node;
}

function exposedGroups(groups, ui) {
  const node = ui.el("div", "exposed");
  for (const group of groups) node.append(ui.cards(group, "small"));
  return node;
}

export function render(model, state, ui, { busy, highlight }) {
  const acting = highlight ? highlight.seat : model.to_act;
  for (const box of document.querySelectorAll(".seat[data-seat]")) {
    const seat = Number(box.dataset.seat);
    box.replaceChildren(plate(model, state, ui, seat));
    box.classList.toggle("acting", acting === seat && model.phase !== "over");
    box.classList.toggle("winner", state.result?.winner === seat && !busy);
    if (seat !== 0) box.append(ui.concealed("four_colour", model.hand_sizes[seat]));
    box.append(exposedGroups(model.exposed[seat], ui));
  }
  document.querySelector("#stock .stock-count").textContent =
    ui.text("stock", { count: model.stock_left });
  const slot = document.querySelector("#public .public-slot");
  const caption = document.querySelector("#public .public-caption");
  slot.replaceChildren();
  caption.textContent = "";
  if (model.public_card) {
    slot.append(ui.card(model.public_card, highlight ? "arrive" : ""));
    const key = model.public_drawn ? "public_drawn" : "public_discarded";
    caption.textContent = ui.text(ui.about(key, model.public_from), {
      seat: ui.seat(model.public_from),
    });
  }
  const dead = document.querySelector("#dead .dead-cards");
  dead.replaceChildren(...model.dead.map((code) => ui.card(code, "mini")));
  renderHand(model, state, ui, busy);
}

function renderHand(model, state, ui, busy) {
  const hand = document.getElementById("hand");
  hand.replaceChildren();
  const discards = new Set(
    state.your_turn && !busy && model.phase === "discard"
      ? state.legal.filter((a) => a.startsWith("discard ")).map((a) => a.slice(8))
      : [],
  );
  const sorted = [...model.hand].sort(ui.byOrder);
  let run = null;
  let runColour = null;
  for (const code of sorted) {
    const colour = code.startsWith("F") ? "F" : code[0];
    if (colour !== runColour) {
      run = ui.el("div", "hand-run");
      hand.append(run);
      runColour = colour;
    }
    if (discards.has(code)) {
      const button = ui.button(ui.card(code), () => ui.send(`discard ${code}`), "card-button");
      button.setAttribute("aria-label", ui.text("discard_card", { card: ui.catalogue[code].name }));
      button.dataset.action = `discard ${code}`;
      button.dataset.focus = `discard ${code}`;
      run.append(button);
    } else {
      const locked = model.phase === "discard" && state.your_turn && !busy;
      run.append(ui.card(code, locked ? "locked" : ""));
    }
  }
}

export function prompt(node, state, ui) {
  const view = state.view;
  if (view.phase === "discard") {
    node.append(ui.el("p", "prompt-text", ui.messages.must_discard));
    node.append(ui.el("p", "hint", ui.messages.no_discard_hint));
    return;
  }
  const card = ui.card(view.public_card, "small");
  const seat = ui.seat(view.public_from);
  const key =
    view.public_from === 0 ? "claim_own_draw" : view.public_drawn ? "claim_drawn" : "claim_discard";
  const text = ui.el("p", "prompt-text");
  text.append(ui.fmt(key, { seat, card }));
  node.append(text);
  const choices = ui.el("div", "choices");
  const ordered = [...state.legal].sort((a, b) => rank(a) - rank(b));
  for (const action of ordered) {
    const primary = action === "win" ? "button primary" : "button";
    const button = ui.button(actionLabel(action, ui), () => ui.send(action), primary);
    button.dataset.action = action;
    button.dataset.focus = action;
    choices.append(button);
  }
  node.append(choices);
}

// "1 point", "3 points": one and other are the only plural forms the site's languages need.
function points(score, ui) {
  return ui.text(score === 1 ? "point" : "points", { score });
}

function rank(action) {
  return action === "win" ? 0 : action === "pass" ? 2 : 1;
}

export function endingTitle(state, ui) {
  const result = state.result;
  if (result.result === "draw") return ui.text("draw_result");
  if (result.winner === 0) return ui.text("you_won", { points: points(result.score, ui) });
  return ui.text("winner", { seat: ui.seat(result.winner) });
}

export function ending(state, ui) {
  const body = document.createDocumentFragment();
  const breakdown = state.view.breakdown;
  if (!breakdown) return body;
  const list = ui.el("ol", "breakdown");
  for (const group of breakdown) {
    const item = ui.el("li");
    item.append(ui.cards(group.cards, "small"));
    item.append(ui.el("span", "group-kind", ui.messages[`group_${group.kind}`]));
    item.append(ui.el("span", "group-score", points(group.score, ui)));
    list.append(item);
  }
  body.append(list);
  body.append(ui.el("p", "total", ui.text("total", { points: points(state.result.score, ui) })));
  return body;
}
