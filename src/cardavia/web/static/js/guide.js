// The guide of a guided first deal (issue 25): at each of the person's decisions it
// asks the server what to point at (the coach's choice, the hint's verdict, from the
// seat's own view), marks that card or button, and says the idea the decision meets
// and the coach's reason, over the prompt. The person may choose anything the table
// offers: when they choose otherwise, the next words say what their choice does (the
// coach's sentence for it, sent with the guide's answer) beside what the guide's
// choice would have done. After the AIs' moves, the last of them (the log's line) is
// said again at the top. At the end, the deal is kept as the browser's progress.
//
// Loaded by table.js only at a guided deal's table (`data.guide`); it changes nothing
// of the table's own drawing but the guide's box and the `.guided` marks.

export function createGuide({ data, ui, app, game, state, rerender, announce }) {
  const guide = data.guide;
  let said = null; // the guide's answer for the decision `said.step`
  let asking = null; // the step being asked about
  let retry = null; // the timer of a question to ask again
  let otherwise = null; // the person's last choice, when it was not the guide's
  let told = null; // the step whose words were last spoken
  let finished = false;
  const met = new Map(); // each idea, by the step where it was first met (said in full there)
  let seen = 0; // the log's length when the person last chose: newer lines are news

  async function ask(step) {
    asking = step;
    try {
      const response = await fetch(guide.url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ step }),
      });
      if (response.ok && state().step === step) said = { step, ...(await response.json()) };
      // The coach busy (503): asked again in a moment, as a person would ask again.
      else if (response.status === 503) retry = setTimeout(() => rerender(), 2000);
    } catch {
      // The guide is silent for this decision; the table goes on as without it.
    }
    asking = null;
    if (said?.step === step && state().your_turn) rerender();
  }

  // The last move the others made since the person's own choice (the log's last line
  // that is not the person's), or nothing.
  function lastMove() {
    const items = Array.from(document.querySelectorAll("#log > .log-item")).slice(seen);
    const found = items
      .reverse()
      .find((item) => !item.classList.contains("log-more") && !item.classList.contains(`seat-${data.me ?? 0}`));
    return found ? ui.spoken(found).replace(/\s+/g, " ").trim() : "";
  }

  // Called with the prompt drawn for the person's decision (table.js, after the hint).
  function show(prompt) {
    const now = state();
    if (!now.your_turn || now.status === "finished") return;
    prompt.querySelector("#guide-says")?.remove();
    const box = ui.el("div", "guide-says");
    box.id = "guide-says";
    const label = ui.el("span", "guide-label", ui.text("guide_label"));
    if (otherwise) {
      box.append(ui.el("p", "guide-otherwise", ui.text("guide_otherwise", { sentence: otherwise.text })));
      if (otherwise.would) box.append(ui.el("p", "guide-would", ui.text("guide_would", { sentence: otherwise.would })));
    } else {
      const move = lastMove();
      if (move) box.append(ui.el("p", "guide-last", ui.text("guide_last", { line: move })));
    }
    if (said?.step !== now.step) {
      const line = ui.el("p", "guide-idea");
      line.append(label, " ", ui.text("guide_thinking"));
      box.append(line);
      prompt.prepend(box);
      if (asking !== now.step) {
        clearTimeout(retry);
        ask(now.step);
      }
      return;
    }
    const idea = ui.el("p", "guide-idea");
    // An idea is said in full where it is first met; after that, by its name.
    if (!met.has(said.idea)) met.set(said.idea, now.step);
    idea.append(label, " ", ui.el("strong", "guide-title", said.title));
    if (met.get(said.idea) === now.step) idea.append(" ", ui.el("span", "guide-text", said.idea_text));
    const point = ui.el("p", "guide-point", ui.text("guide_point", { sentence: said.text }));
    point.id = "guide-point";
    box.append(idea, point);
    prompt.prepend(box);
    const marked = [
      ...app.querySelectorAll(`[data-action="${CSS.escape(said.action)}"]`),
      ...(game.hinted?.(said.action, ui) ?? []),
    ];
    for (const node of marked) {
      node.classList.add("hinted", "guided");
      node.setAttribute("aria-describedby", "guide-point");
    }
    app.dataset.guided = said.action;
    if (told !== now.step) {
      told = now.step;
      announce(ui.spoken(box));
    }
  }

  // The person's choice, as it is sent: followed, or otherwise (then explained next).
  function chose(action) {
    seen = document.querySelectorAll("#log > .log-item").length;
    if (!said || said.step !== state().step) {
      otherwise = null;
      return;
    }
    otherwise =
      action === said.action ? null : { text: said.others?.[action] ?? "", would: said.text };
    if (otherwise && !otherwise.text) otherwise = null;
    delete app.dataset.guided;
  }

  // The deal is over: kept as this browser's progress, and the ending says what next.
  async function ended(body) {
    if (!finished) {
      finished = true;
      try {
        await fetch(guide.done, { method: "POST", credentials: "same-origin" });
      } catch {
        // Kept the next time the page is opened at the end (the ending asks again).
        finished = false;
      }
    }
    if (body.querySelector(".guide-end")) return;
    const end = ui.el("div", "guide-end");
    end.append(ui.el("p", "", ui.text("guide_end")));
    const links = ui.el("p", "guide-next");
    for (const [href, key] of [
      [guide.lessons, "guide_lessons"],
      [guide.play, "guide_play"],
    ]) {
      const link = ui.el("a", "button", ui.text(key));
      link.href = href;
      links.append(link, " ");
    }
    end.append(links);
    body.prepend(end);
  }

  return { show, chose, ended };
}
