// Chuo Pai at the table: draw the view, replay events on it, and let the person build a
// play from their hand. Only plays listed in `legal` can be submitted.
const cardsOf = (action) => (action === "pass" ? [] : action.split(" ").slice(1));

function removeCards(list, codes) {
  for (const code of codes) {
    const at = list.indexOf(code);
    if (at >= 0) list.splice(at, 1);
  }
}

export function apply(model, event) {
  const next = structuredClone(model);
  const seat = event.seat;
  switch (event.type) {
    case "bonus":
      next.piles[seat].push(...event.cards);
      next.bonus[seat] = event.cards;
      next.scores[seat] += event.cards.length;
      break;
    case "lead":
      next.round = [];
    // falls through: a lead is played like a beat
    case "beat": {
      const cards = cardsOf(event.action);
      next.round.push({ seat, action: event.action });
      next.top = { seat, action: event.action };
      next.hand_sizes[seat] -= cards.length;
      if (seat === 0) removeCards(next.hand, cards);
      break;
    }
    case "pass":
      next.round.push({ seat, action: "pass" });
      break;
    case "round_won": {
      const won = cardsOf(event.action);
      next.piles[seat].push(...won);
      next.scores[seat] += won.length;
      for (const play of next.round) {
        if (!(play.seat === seat && play.action === event.action)) {
          next.gone.push(...cardsOf(play.action));
        }
      }
      next.round = [];
      next.top = null;
      if (event.next_leader !== null) next.leader = event.next_leader;
      break;
    }
    case "deal_over":
      next.to_act = null;
      break;
  }
  next.history.push(event);
  return next;
}

export function history(state) {
  return state.view.history;
}

export function describe(event, ui) {
  const seat = ui.seat(event.seat);
  switch (event.type) {
    case "bonus":
      return ui.fmt(ui.about("bonus", event.seat), { seat, cards: ui.cards(event.cards, "mini") });
    case "lead":
      return ui.fmt(ui.about("lead", event.seat), { seat, cards: ui.cards(cardsOf(event.action), "mini") });
    case "beat":
      return ui.fmt(ui.about("beat", event.seat), { seat, cards: ui.cards(cardsOf(event.action), "mini") });
    case "pass":
      return ui.fmt(ui.about("pass_event", event.seat), { seat });
    case "round_won":
      return ui.fmt(ui.about("round_won", event.seat), { seat, cards: ui.cards(cardsOf(event.action), "mini") });
    case "deal_over":
      return ui.fmt("deal_over");
  }
  return null;
}

function plate(model, state, ui, seat) {
  const node = ui.el("div", "plate");
  node.append(ui.el("span", "seat-name", ui.seat(seat)));
  if (seat !== 0) node.append(ui.el("span", "seat-level", ui.messages[`ai_${state.ai}`]));
  if (model.leader === seat && model.to_act !== null) {
    node.append(ui.el("span", "badge", ui.messages.leader));
  }
  node.append(ui.el("span", "score", ui.text("score", { score: model.scores[seat] })));
  return node;
}

function pile(model, ui, seat) {
  const node = ui.el("div", "pile");
  node.title = ui.messages.pile;
  const cards = [...model.piles[seat]].sort(ui.byOrder);
  node.append(ui.cards(cards, "mini"));
  return node;
}

export function render(model, state, ui, { busy, highlight }) {
  const acting = highlight ? highlight.seat : model.to_act;
  const winners = state.result && !busy ? state.result.winners : [];
  for (const box of document.querySelectorAll(".seat[data-seat]")) {
    const seat = Number(box.dataset.seat);
    box.replaceChildren(plate(model, state, ui, seat));
    box.classList.toggle("acting", acting === seat && model.to_act !== null);
    box.classList.toggle("winner", winners.includes(seat));
    if (seat !== 0) box.append(ui.concealed("domino", model.hand_sizes[seat]));
    box.append(pile(model, ui, seat));
  }
  const round = document.getElementById("round");
  round.replaceChildren();
  for (const play of model.round) {
    const row = ui.el("div", "play");
    const isTop = model.top && play.seat === model.top.seat && play.action === model.top.action;
    row.classList.toggle("top", Boolean(isTop));
    row.append(ui.el("span", "play-seat", ui.seat(play.seat)));
    if (play.action === "pass") row.append(ui.el("span", "play-pass", ui.messages.pass));
    else row.append(ui.cards(cardsOf(play.action), highlight && play === model.round.at(-1) ? "arrive" : ""));
    round.append(row);
  }
  document.getElementById("gone").textContent = ui.text("gone", { count: model.gone.length });
  renderHand(model, state, ui, busy);
}

// The person's selection: indexes into the sorted hand.
let selected = [];
let selectedStep = -1;

function legalPlays(state) {
  return state.legal.filter((a) => a !== "pass").map((a) => ({ action: a, cards: cardsOf(a) }));
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

function renderHand(model, state, ui, busy) {
  const hand = document.getElementById("hand");
  hand.replaceChildren();
  const sorted = [...model.hand].sort(ui.byOrder);
  if (selectedStep !== state.step) {
    selected = [];
    selectedStep = state.step;
  }
  const active = state.your_turn && !busy;
  const plays = active ? legalPlays(state) : [];
  const chosen = selected.map((i) => sorted[i]);
  let run = null;
  let family = null;
  sorted.forEach((code, index) => {
    if (ui.catalogue[code].family !== family) {
      family = ui.catalogue[code].family;
      run = ui.el("div", "hand-run");
      run.dataset.family = family;
      hand.append(run);
    }
    if (!active) {
      run.append(ui.card(code));
      return;
    }
    const isSelected = selected.includes(index);
    const usable = isSelected || plays.some((p) => contains(p.cards, [...chosen, code]));
    const button = ui.button(ui.card(code), () => toggle(index, model, state, ui), "card-button");
    button.setAttribute("aria-pressed", isSelected ? "true" : "false");
    button.setAttribute("aria-label", ui.text("select_card", { card: ui.catalogue[code].name }));
    button.dataset.code = code;
    button.dataset.focus = `card:${index}`;
    button.disabled = !usable;
    run.append(button);
  });
}

function toggle(index, model, state, ui) {
  selected = selected.includes(index) ? selected.filter((i) => i !== index) : [...selected, index];
  refreshSelection(model, state, ui);
}

function refreshSelection(model, state, ui) {
  ui.keepFocus(() => {
    renderHand(model, state, ui, false);
    const prompt = document.getElementById("prompt");
    prompt.replaceChildren();
    promptFor(prompt, model, state, ui);
  });
}

export function prompt(node, state, ui) {
  promptFor(node, state.view, state, ui);
}

function promptFor(node, model, state, ui) {
  const sorted = [...model.hand].sort(ui.byOrder);
  const chosen = selected.map((i) => sorted[i]).sort(ui.byOrder);
  const text = ui.el("p", "prompt-text");
  const top = model.top;
  if (top) {
    text.append(
      ui.fmt("beat_prompt", { cards: ui.cards(cardsOf(top.action), "mini"), seat: ui.seat(top.seat) }),
    );
  } else {
    text.append(ui.messages.lead_prompt);
  }
  node.append(text);
  const key = [...chosen].sort().join(" ");
  const match = state.legal.find((a) => a !== "pass" && [...cardsOf(a)].sort().join(" ") === key);
  const choices = ui.el("div", "choices");
  const play = ui.button(ui.messages.play, () => match && ui.send(match), "button primary");
  play.disabled = !match;
  play.id = "play-selected";
  play.dataset.focus = "play";
  if (chosen.length) play.append(" ", ui.cards(chosen, "mini"));
  if (!match && chosen.length) play.title = ui.messages.not_a_play;
  choices.append(play);
  const clear = ui.button(ui.messages.clear, () => {
    selected = [];
    refreshSelection(model, state, ui);
  });
  clear.disabled = !chosen.length;
  clear.dataset.focus = "clear";
  choices.append(clear);
  if (state.legal.includes("pass")) {
    const pass = ui.button(ui.messages.pass, () => ui.send("pass"));
    pass.dataset.action = "pass";
    pass.dataset.focus = "pass";
    choices.append(pass);
  }
  node.append(choices);
  // Answering, the beating plays are few: offer them directly too.
  if (top && state.legal.length <= 12) {
    const list = ui.el("div", "quick-plays");
    list.append(ui.el("span", "quick-title", ui.messages.beating_plays));
    for (const action of state.legal) {
      if (action === "pass") continue;
      const button = ui.button(ui.cards(cardsOf(action), "mini"), () => ui.send(action), "button quick");
      button.dataset.action = action;
      button.dataset.focus = action;
      list.append(button);
    }
    node.append(list);
  }
}

export function endingTitle(state, ui) {
  const winners = state.result.winners;
  if (winners.length > 1) {
    return ui.text("tie", { seats: ui.list(winners.map((s) => ui.seat(s))) });
  }
  return winners[0] === 0 ? ui.messages.you_won : ui.text("winner", { seat: ui.seat(winners[0]) });
}

export function ending(state, ui) {
  const table = ui.el("table", "scores");
  const scores = state.result.scores;
  scores.forEach((score, seat) => {
    const row = ui.el("tr");
    if (state.result.winners.includes(seat)) row.className = "winner";
    row.append(ui.el("th", "", ui.seat(seat)), ui.el("td", "", String(score)));
    table.append(row);
  });
  return table;
}
