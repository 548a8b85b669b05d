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

export function createGuide({ data, ui, app, game, deal, rerender, announce, atTable }) {
  const guide = data.guide;
  let said = null; // the guide's answer for the decision `said.key`
  let asking = null; // the decision being asked about
  let retry = null; // the timer of a question to ask again
  let otherwise = null; // the person's last choice, when it was not the guide's
  let told = null; // the decision whose words were last spoken
  let finished = false;
  const met = new Map(); // each idea, by the decision where it was first met (said in full there)
  let news = ""; // the last thing the others (or the table) did since the person chose

  async function ask(key) {
    asking = key;
    try {
      const response = await fetch(guide.url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        // The decision asked about: the frame's key (the API's `step`).
        body: JSON.stringify({ step: key }),
      });
      if (response.ok && deal().key === key) said = { key, ...(await response.json()) };
      // The coach busy (503): asked again in a moment, as a person would ask again.
      else if (response.status === 503) retry = setTimeout(() => rerender(), 2000);
    } catch {
      // The guide is silent for this decision; the table goes on as without it.
    }
    asking = null;
    if (said?.key === key && deal().options.length) rerender();
  }

  // What happened since the person's own last choice, as the log said it: the last
  // line of an event that is not the person's own action (another seat's move, or the
  // table's: a round won, the person's included).
  function heard(event, items) {
    if ("forced" in event) return; // the person's own action (forced or chosen)
    news = items.map((item) => ui.spoken(item).replace(/\s+/g, " ").trim()).join(" ");
  }

  // Called with the prompt drawn for the person's decision (table.js, after the hint).
  function show(prompt) {
    const now = deal();
    if (!now.options.length || now.result) return;
    prompt.querySelector("#guide-says")?.remove();
    const box = ui.el("div", "guide-says");
    box.id = "guide-says";
    const label = ui.el("span", "guide-label", ui.text("guide_label"));
    if (otherwise) {
      box.append(ui.el("p", "guide-otherwise", ui.text("guide_otherwise", { sentence: otherwise.text })));
      if (otherwise.would) box.append(ui.el("p", "guide-would", ui.text("guide_would", { sentence: otherwise.would })));
    } else {
      if (news) box.append(ui.el("p", "guide-last", ui.text("guide_last", { line: news })));
    }
    if (said?.key !== now.key) {
      const line = ui.el("p", "guide-idea");
      line.append(label, " ", ui.text("guide_thinking"));
      box.append(line);
      prompt.prepend(box);
      if (asking !== now.key) {
        clearTimeout(retry);
        ask(now.key);
      }
      return;
    }
    const idea = ui.el("p", "guide-idea");
    // An idea is said in full where it is first met; after that, by its name.
    if (!met.has(said.idea)) met.set(said.idea, now.key);
    idea.append(label, " ", ui.el("strong", "guide-title", said.title));
    if (met.get(said.idea) === now.key) idea.append(" ", ui.el("span", "guide-text", said.idea_text));
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
    if (told !== now.key) {
      told = now.key;
      announce(ui.spoken(box));
      // A keyboard at the table starts at what the guide points at.
      if (atTable() && app.contains(document.activeElement)) marked.find((node) => !node.disabled)?.focus();
    }
  }

  // The person's choice, as it is sent: followed, or otherwise (then explained next).
  function chose(action) {
    news = "";
    if (!said || said.key !== deal().key) {
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

  return { show, chose, heard, ended };
}
