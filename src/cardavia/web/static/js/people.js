// What only a table of people has (loaded by table.js there alone): the waiting room
// with its invitation until the host deals, and the players beside the log, each with
// whether they are here, away (and when the AI takes their seat over) or played for,
// and the host's button that gives a seat to the AI.
//
// Nothing here decides anything: the frame says who plays each seat (`table.seats`) and
// whether the table is still gathering; commands go out through the table's connection.
const $ = (id) => document.getElementById(id);

export function createRoom({ ui, data, command }) {
  $("invite").hidden = !data.invite;
  $("invite-copy").addEventListener("click", async () => {
    const link = $("invite-link");
    link.select();
    try {
      await navigator.clipboard.writeText(link.value);
    } catch {
      document.execCommand?.("copy");
    }
    $("invite-copy").textContent = ui.text("copied");
  });
  setInterval(tick, 250);

  function tick() {
    for (const note of document.querySelectorAll("[data-takeover]")) {
      const seconds = Math.max(0, Math.ceil((Number(note.dataset.takeover) - Date.now()) / 1000));
      note.textContent = ui.text("takeover", { seat: note.dataset.name, seconds });
    }
  }

  function seatList(table, list) {
    list.replaceChildren();
    table.seats.forEach((place, seat) => {
      const item = ui.el("li", `player state-${place.state}`);
      item.dataset.seat = String(seat);
      const who = ui.seat(seat);
      item.append(ui.el("span", "player-name", who));
      const notes = {
        free: ui.text("seat_free"),
        ai: ui.text("seat_ai", { level: ui.messages[`ai_${place.level}`] }),
        here: ui.text("seat_here"),
        away: ui.text("seat_away"),
        played: ui.text("seat_played"),
      };
      item.append(" ", ui.el("span", "player-state", notes[place.state]));
      if (seat === table.host) item.append(" ", ui.el("span", "badge", ui.text("host_badge")));
      if (place.state === "away" && place.takeover) {
        const note = ui.el("span", "takeover");
        note.dataset.takeover = String(place.takeover);
        note.dataset.name = who;
        item.append(" ", note);
      }
      // The host gives a person's seat to the AI, or fills a free one with it.
      const person = ["here", "away", "played", "free"].includes(place.state);
      if (data.host && seat !== data.me && person && table.status !== "over") {
        const remove = ui.button(ui.text("remove"), () => command({ type: "remove", seat }), "button small");
        remove.dataset.remove = String(seat);
        item.append(" ", remove);
      }
      list.append(item);
    });
  }

  function drawRoom(table) {
    if (table.status !== "gathering") return;
    seatList(table, $("room-seats"));
    const actions = $("room-actions");
    actions.replaceChildren();
    if (!data.host) {
      actions.append(ui.el("p", "hint", ui.text("wait_host")));
      return;
    }
    const free = table.seats.some((place) => place.state === "free");
    const start = ui.button(ui.text(free ? "start_with_ai" : "start"), () => command({ type: "start" }), "button primary");
    start.id = "start";
    actions.append(start);
  }

  function drawPlayers(table) {
    const panel = $("players");
    panel.hidden = false;
    const list = ui.el("ol", "room-seats");
    seatList(table, list);
    panel.replaceChildren(ui.el("h2", "log-title", ui.text("players")), list);
  }

  // Each frame's table: the room while it gathers, the table once a deal is dealt.
  return function draw(table, dealt) {
    drawRoom(table);
    drawPlayers(table);
    $("room").hidden = dealt;
    document.body.classList.toggle("gathering", !dealt);
    // The table's panel, on its own tab, once there is a deal to show.
    $("panel-table").hidden = !dealt || $("tab-table")?.getAttribute("aria-selected") === "false";
  };
}
