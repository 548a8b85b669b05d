// The table's drawing: one component, used by the live table (static/js/table.js) and by
// the replay viewer (static/js/replay.js). It draws whatever model and state it is given
// with the game's own script (static/js/games/<game>.js) and fits the cards to their
// regions; it never fetches a deal nor sends an action itself: `hooks.send` (the live
// table's) does, and the replay gives none. What it draws is a deal as a seat's frame has
// it (`deal.view`, `deal.options`, `deal.key`, `deal.result`: services/tables/frames.py), and the
// view of the moment (`model`). `data` is the page's table data (seats,
// messages, cards, urls.script); `app` the element the table frame is drawn in.
export async function createBoard(app, data, hooks = {}) {
  const $ = (id) => document.getElementById(id);
  const game = await import(data.urls.script);
  // The person's seat (a table of people's own, or the reader's in their replay of one;
  // seat 0 against the AIs): drawn at the bottom, the others in turn around the table.
  const me = data.me ?? 0;
  if (me !== 0) {
    for (const box of app.querySelectorAll(".seat[data-seat]")) {
      box.dataset.seat = String((Number(box.dataset.seat) + me) % data.seats.length);
    }
  }

  // One drawing of each card, made by the server; cards here are clones of it.
  const faces = new Map();
  for (const face of $("card-faces").content.querySelectorAll("[data-code]")) {
    faces.set(face.dataset.code, face);
  }

  // A large card's name is written at a readable size and, when it is wider than the
  // card, drawn narrower to fit (CSS scales it by the card's width over `--name-w`, the
  // width of the name's longest piece, measured here once per name, in em).
  const nameWidths = new Map();
  // A name breaks into lines at its spaces, after its hyphens, and at the soft hyphens
  // translators put in long words (Consi-gliere); each piece is measured as drawn.
  const pieces = (name) =>
    name.split(" ").flatMap((word) => {
      const parts = word.split(/\u00ad|(?<=-)/);
      return parts.map((part, index) => (index < parts.length - 1 && !part.endsWith("-") ? `${part}-` : part));
    });
  function measureNames() {
    const probe = document.createElement("div");
    probe.className = "name-probe";
    probe.setAttribute("aria-hidden", "true");
    const words = new Set();
    for (const face of faces.values()) {
      const name = face.querySelector(".card-name");
      if (name) for (const word of pieces(name.textContent)) words.add(word);
    }
    const spans = new Map();
    for (const word of words) {
      const span = document.createElement("span");
      span.textContent = word;
      probe.append(span);
      spans.set(word, span);
    }
    document.body.append(probe);
    // In em, so that the width holds at the phone's smaller type too.
    const size = parseFloat(getComputedStyle(probe.firstElementChild ?? probe).fontSize) || 11;
    const widths = new Map(
      [...spans].map(([word, span]) => [word, span.getBoundingClientRect().width / size]),
    );
    probe.remove();
    for (const [code, face] of faces) {
      const name = face.querySelector(".card-name");
      if (!name) continue;
      const longest = Math.max(...pieces(name.textContent).map((word) => widths.get(word) ?? 0));
      nameWidths.set(code, Math.ceil(longest * 100) / 100);
    }
  }
  measureNames();
  // A task of its own (it lays the whole page out once): the table's first drawing,
  // which lays out each region of cards, follows in another, so that a phone's main
  // thread is never held for both at once while the table settles.
  await new Promise((resolve) => setTimeout(resolve));

  let listFormat = null;
  // What `fill` last put in each node, as markup.
  const filled = new WeakMap();
  const markup = (part) =>
    part instanceof Element ? part.outerHTML
    : part instanceof DocumentFragment ? [...part.childNodes].map(markup).join("")
    : part instanceof Node ? `\u0000${part.textContent}`
    : `\u0000${part}`;
  const ui = {
    data,
    me,
    messages: data.messages,
    catalogue: data.cards,
    el(tag, className, text) {
      const node = document.createElement(tag);
      if (className) node.className = className;
      if (text !== undefined) node.textContent = text;
      return node;
    },
    card(code, extra) {
      const node = faces.get(code).cloneNode(true);
      if (extra) node.classList.add(...extra.split(" "));
      const width = nameWidths.get(code);
      if (width) node.style.setProperty("--name-w", `${width}em`);
      return node;
    },
    cards(codes, extra) {
      const group = ui.el("span", "cards");
      for (const code of codes) group.append(ui.card(code, extra));
      return group;
    },
    // `node.replaceChildren(...parts)`, unless `node` already holds what `parts` would
    // draw: a region drawn the same keeps its elements, their layout and their fitted
    // size (each drawing during the AIs' moves changes a seat or two, and building every
    // region anew laid the whole page out: 60-300 ms a drawing on a phone). Buttons are
    // always put anew (their handlers hold the drawing's state), and so is a region the
    // coach has marked.
    fill(node, ...parts) {
      const drawn = parts.map(markup).join("");
      const live = parts.some((part) => part.matches?.("button") || part.querySelector?.("button"));
      if (!live && filled.get(node) === drawn && !node.querySelector(".hinted")) return;
      node.replaceChildren(...parts);
      if (live) filled.delete(node);
      else filled.set(node, drawn);
    },
    seat(seat) {
      return data.seats[seat];
    },
    // Sorts card codes in the deck's own order (the catalogue's).
    byOrder: (a, b) => data.cards[a].order - data.cards[b].order,
    // Another seat's concealed cards: one card back of `deck` and how many there are.
    concealed(deck, count) {
      const node = ui.el("div", "concealed");
      node.append(ui.el("span", `card back back-${deck}`));
      node.append(ui.el("span", "count", `× ${count}`));
      node.title = ui.text("cards_left", { count });
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", node.title);
      return node;
    },
    // Another seat's hand face up: only a finished deal's replay gives a model that
    // carries every hand (`hands`); the live table's never does.
    openHand(model, seat) {
      const node = ui.el("div", "open-hand fit");
      node.setAttribute("aria-label", ui.text("open_hand", { seat: ui.seat(seat) }));
      node.setAttribute("role", "group");
      node.append(ui.cards([...model.hands[seat]].sort(ui.byOrder), "small"));
      return node;
    },
    // A seat's name plate: its name, how strong an AI it is, and the game's badges.
    plate(seat, badges = []) {
      const node = ui.el("div", "plate");
      const name = ui.el("span", "seat-name", ui.seat(seat));
      // A player's name (a person's, an AI's) is never translated; "You" is a word.
      if (seat !== me || data.person === false) name.translate = false;
      node.append(name);
      // At the live table `hooks.level` says who is an AI, and how strong (its frames'
      // players); a replay's AIs are those of `data.ai`.
      const level = hooks.level ? hooks.level(seat) : seat !== me && data.ai;
      if (level) node.append(ui.el("span", "seat-level", ui.messages[`ai_${level}`]));
      for (const badge of badges) node.append(badge);
      if (hooks.badges) node.append(...hooks.badges(seat, ui));
      return node;
    },
    // The seat drawn as acting: while moves are played back (`busy`), the one whose move
    // is shown; else the person when the deal waits for their decision, or the seat to
    // act (none in a claim window: whom the engine asks is the cards' secret).
    acting(deal, busy, highlight) {
      if (busy) return highlight?.seat;
      return deal.options.length ? me : (deal.view.to_act ?? null);
    },
    // `line`, and when the engine played it for the person (their only legal action), a
    // note that says so.
    forcedNote(event, line) {
      const out = document.createDocumentFragment();
      out.append(line);
      if (event.forced && event.seat === me) {
        out.append(" ", ui.el("em", "forced-note", `(${ui.text("played_for_you")})`));
      }
      return out;
    },
    // Whether `seat` is the person reading the page: their own seat, unless the page
    // shows someone else's deal (a shared replay, a record file: `data.person` false).
    isYou(seat) {
      return seat === me && data.person !== false;
    },
    // The message about `seat`: its "_you" twin when the seat is the person's.
    about(key, seat) {
      return ui.isYou(seat) && `${key}_you` in ui.messages ? `${key}_you` : key;
    },
    // "East, North and West", as the page's language writes a list. One formatter for
    // the page, made when a list first has two items: making one loads ICU's data, which
    // cost a phone tens of milliseconds in the table's first drawing, for a list of one.
    list(items) {
      if (items.length < 2) return items.join("");
      listFormat ??= new Intl.ListFormat(document.documentElement.lang, { type: "conjunction" });
      return listFormat.format(items);
    },
    text(key, values = {}) {
      return ui.messages[key].replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
    },
    // A message with DOM nodes (cards) in place of some placeholders (from `messages`,
    // the table's own unless a page gives its own, as the replay viewer does).
    fmt(key, values = {}, messages = ui.messages) {
      const out = document.createDocumentFragment();
      const parts = messages[key].split(/\{(\w+)\}/);
      parts.forEach((part, index) => {
        if (index % 2 === 0) {
          if (part) out.append(part);
          return;
        }
        const value = values[part];
        out.append(value instanceof Node ? value : String(value ?? ""));
      });
      return out;
    },
    // What a screen reader would say for `node`: its text, with each card's name.
    spoken(node) {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent;
      if (node.getAttribute?.("role") === "img") return ` ${node.getAttribute("aria-label")} `;
      return Array.from(node.childNodes, (child) => ui.spoken(child)).join("");
    },
    // Re-render without losing the keyboard's place: the focused control is found again
    // by its data-focus key after `draw` replaced it.
    keepFocus(draw) {
      const key = focusKey();
      draw();
      // The page's first drawing fits its regions afterwards, a task each (`settle`),
      // and is focused after that (table.js): focusing now would lay the whole page
      // out in this task, the longest of a phone's as the table settles.
      if (ui.unsettled) return;
      fitAll();
      focusAgain(key);
    },
    // `draw` (which draws through `keepFocus`), its regions fitted afterwards while the
    // table stays on show: in the drawing's own task while that stays under a long
    // task's 50 ms (a desktop: all of it, before the frame is painted, as `keepFocus`),
    // else in tasks of their own (`settle`). The AIs' moves played back are drawn so:
    // at 4x CPU the last drawing of an opening took one task of 90-220 ms.
    async redraw(draw) {
      const since = performance.now();
      const key = focusKey();
      ui.unsettled = true;
      draw();
      if (!(await settle({ shown: true, since }))) return;
      // Focus the drawing moved on purpose (the end's Play again) stays where it went.
      const active = document.activeElement;
      if (!app.contains(active) || active.disabled) focusAgain(key);
    },
    button(label, onClick, className = "button") {
      const node = ui.el("button", className);
      node.type = "button";
      node.append(label);
      node.addEventListener("click", onClick);
      return node;
    },
    send: (action) => hooks.send?.(action),
    // A game that redraws its prompt itself (a Chuo Pai selection) puts the hint back.
    afterPrompt: () => hooks.afterPrompt?.(),
  };


  // The focused control's key (`data-focus`), to find it again once it is drawn anew.
  function focusKey() {
    const active = document.activeElement;
    return app.contains(active) ? active.dataset.focus : undefined;
  }
  function focusAgain(key) {
    if (!hooks.atTable?.()) return;
    const again = key && app.querySelector(`[data-focus="${CSS.escape(key)}"]:not(:disabled)`);
    if (again) again.focus();
    // A control disabled where it stands (Clear, once it has cleared) loses the focus
    // at the next frame, as a removed one does at once.
    else if (!app.contains(document.activeElement) || document.activeElement.disabled) {
      hooks.focusFirst?.();
    }
  }

  // -- fitting cards to their regions ------------------------------------------------------

  // Each `.fit` region has a fixed place on the screen; its cards take the largest width
  // (`--cw`) between the region's `--fit-min` and `--fit-max` at which everything fits,
  // and past the smallest they overlap (`--overlap`, a share of a card). A region that
  // says `--fit-scroll: 1` (the hand on a touch screen: every card a finger's width)
  // never overlaps nor shrinks past `--fit-min`: it scrolls instead. The size found
  // is kept for the same region, size and number of cards (a region whose cards change is
  // drawn anew, so they are known by their place), so the table never wobbles, and
  // measuring is done only when something changed.
  const fitted = new Map();
  // Every size found, by place and key: a region that goes back to a number of cards it
  // had (a round's line of plays, empty and filled again each round) takes its size
  // again without a search.
  const sizes = new Map();
  const placeOf = (el) => `${el.closest("[data-seat]")?.dataset.seat ?? ""}/${el.id || el.className}`;

  function overflows(el) {
    return el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth;
  }

  function fit(el) {
    for (const _ of fitting(el));
  }

  // One layout of `el` at the size just tried, and whether it overflows; a step of the
  // search (`settle` makes each its own task).
  function* tried(el) {
    const over = overflows(el);
    yield;
    return over;
  }

  // `fit`, a step at a time: it pauses after each size it lays out (see `settle`).
  function* fitting(el) {
    if (!el.offsetParent && el !== document.body) return;
    // Where a scrolling region was scrolled to: trying sizes must not lose it.
    const top = el.scrollTop;
    el.removeAttribute("data-scroll");
    const count = el.querySelectorAll(".card").length;
    const key = `${count}/${el.childElementCount}/${el.clientWidth}x${el.clientHeight}`;
    const place = placeOf(el);
    const known = fitted.get(place);
    const seen = sizes.get(`${place} ${key}`);
    if (seen) {
      apply(el, seen);
      if (seen.scroll || !overflows(el)) {
        fitted.set(place, seen);
        el.scrollTop = top;
        showEnd(el);
        bare(el);
        return;
      }
    }
    const style = getComputedStyle(el);
    const min = parseFloat(style.getPropertyValue("--fit-min")) || 20;
    const max = parseFloat(style.getPropertyValue("--fit-max")) || 60;
    const scrolls = style.getPropertyValue("--fit-scroll").trim() === "1";
    const floor = parseFloat(style.getPropertyValue("--fit-floor")) || 14;
    const compact = compactions(min, floor);
    const size = { key, count, groups: el.childElementCount, width: el.clientWidth, height: el.clientHeight };
    // The same place, as large, with more cards than when it was last fitted (a pile, a
    // round's plays, growing as a deal goes on): no size that did not fit then fits
    // now, so the search starts from the last answer. (Searching from the largest again
    // took up to thirty layouts for each card a pile gained, most of a drawing's task
    // once the regions that did not change were kept: `fill`.)
    const grew =
      known && known.width === size.width && known.height === size.height &&
      count >= known.count && size.groups >= known.groups ? known : null;
    let best = null;
    if (grew?.scroll) best = { ...size, cw: min, overlap: 0, scroll: true };
    else if (grew?.compact !== undefined) best = yield* firstFit(el, compact, grew.compact, size);
    else {
      // The largest width that fits: above `low` (fits, or below the range when it is
      // `min - 1`) and below `high` (does not, or above the range when it is `max + 1`).
      let low = min - 1;
      let high = max + 1;
      let tries = [];
      if (grew) {
        high = grew.cw + 1;
        tries = [grew.cw, grew.cw - 1];
      } else {
        apply(el, { cw: max, overlap: 0 });
        if (yield* tried(el)) high = max;
        else low = max;
        // Each try lays the page out, which a phone pays dearly for while a table
        // settles: the first tries go where the cards' area (a width's square) would
        // just fill the region, and next to it, which is most often the answer (or
        // `min`, which a phone's small regions often miss: then nothing else is tried);
        // halving after.
        const room = Math.min(el.clientWidth / el.scrollWidth, el.clientHeight / el.scrollHeight);
        const guess = Math.min(max - 1, Math.max(min, Math.floor(max * Math.sqrt(room))));
        tries = [guess, guess + 1, guess - 1];
      }
      while (high - low > 1) {
        let mid = Math.floor((low + high) / 2);
        while (tries.length) {
          const next = tries.shift();
          if (next > low && next < high) {
            mid = next;
            break;
          }
        }
        apply(el, { cw: mid, overlap: 0 });
        if (yield* tried(el)) high = mid;
        else low = mid;
      }
      if (low >= min) best = { ...size, cw: low, overlap: 0 };
      else if (scrolls) best = { ...size, cw: min, overlap: 0, scroll: true };
      else best = yield* firstFit(el, compact, 0, size);
    }
    fitted.set(place, best);
    sizes.set(`${place} ${key}`, best);
    apply(el, best);
    el.scrollTop = top;
    showEnd(el);
    bare(el);
  }

  // A pile whose cards do not all fit even at its smallest (`data-fit-end`: the dead pile,
  // late in a long deal) shows its newest, at its end, and lets its oldest go out of view
  // at its start. (Cut at the end, it hid the card just put there, at every screen size.)
  // An attribute, not a style property: this runs at every fit, where a style read costs.
  function showEnd(el) {
    if (!el.hasAttribute("data-fit-end")) return;
    el.scrollLeft = el.scrollWidth;
    el.scrollTop = el.scrollHeight;
  }

  // The ways to fit cards that do not fit side by side at the smallest width, least
  // compact first: overlapping at that width, as little as will do, first in rows, then
  // (groups side by side) on one line; then smaller still (side by side if they can,
  // else overlapping), down to the region's `--fit-floor` (a card's words stay whole
  // down to it; the dead pile keeps its oldest out of view rather than draw them
  // smaller: `showEnd`); last, at the smallest size, closer still: a group's last card
  // whole, the others a sliver each.
  function compactions(min, floor) {
    const list = [];
    for (const line of [false, true]) {
      for (let step = 6; step <= 17; step += 1) list.push({ cw: min, overlap: step / 20, line });
    }
    for (let cw = min - 1; cw >= floor; cw -= 1) {
      for (const overlap of [0, 0.85]) list.push({ cw, overlap, line: overlap > 0 });
    }
    for (const overlap of [0.88, 0.91]) list.push({ cw: floor, overlap, line: true });
    return list;
  }

  // The first of `list` from `from` on at which `el` fits (else the last), as the
  // region's size. Within a run of `list` at one width and layout, each size only
  // overlaps more than the one before, so once one fits all after it do: the first is
  // found by trying sizes a step, two, four … on, then halving back (each try lays the
  // page out: one a step took 20 layouts when a line of plays first overlapped).
  function* firstFit(el, list, from, size) {
    const fits = function* (at) {
      apply(el, list[at]);
      return !(yield* tried(el));
    };
    const sameRun = (a, b) => a.cw === b.cw && Boolean(a.line) === Boolean(b.line);
    const last = { ...size, ...list[list.length - 1], compact: list.length - 1 };
    // A region lower than one card at the smallest size fits none of them (a phone held
    // sideways once left the dead pile 30 px: the whole list was tried each time it grew).
    // Tried only where the card at the size last tried (its layout known: reading it
    // costs nothing), scaled to the smallest, would be too tall (a card's height is its
    // width's multiple).
    const heightAt = (cw) => {
      const card = el.querySelector(".card");
      const now = parseFloat(el.style.getPropertyValue("--cw"));
      return card && now ? (card.offsetHeight * cw) / now : 0;
    };
    const tall = (cw) => heightAt(cw) > el.clientHeight;
    // The dead pile's rows keep room at their end (cardavia.css): where two rows do not
    // fit, a row is the line that follows, less that room, and is not tried.
    const oneRow = (at) =>
      el.hasAttribute("data-fit-end") && !at.line && at.overlap > 0 && 2 * heightAt(at.cw) > el.clientHeight;
    if (from === 0 && tall(last.cw)) {
      apply(el, last);
      const lowest = tall(last.cw);
      if ((yield* tried(el)) && lowest) return last;
    }
    for (let start = from; start < list.length; ) {
      let end = start + 1;
      while (end < list.length && sameRun(list[end], list[start])) end += 1;
      if (oneRow(list[start])) {
        start = end;
        continue;
      }
      // `failed`: the last size known not to fit (or just before the run).
      let failed = start - 1;
      let found = -1;
      for (let at = start, step = 1; found < 0 && failed < end - 1; step *= 2) {
        if (yield* fits(at)) found = at;
        else failed = at;
        at = Math.min(end - 1, at + step);
      }
      if (found < 0) {
        start = end;
        continue;
      }
      while (found - failed > 1) {
        const mid = Math.floor((found + failed) / 2);
        if (yield* fits(mid)) found = mid;
        else failed = mid;
      }
      return { ...size, ...list[found], compact: found };
    }
    return last;
  }

  // A card's name that needs more lines than its card has room for is not drawn (its
  // index stays), rather than cut: measured once the region's size is settled.
  function bare(el) {
    const names = [...el.querySelectorAll(".card:not(.small):not(.mini) > .card-name")];
    for (const name of names) name.parentElement.removeAttribute("data-bare");
    // Past a pixel or two of rounding, what overflows is a line (or a column of Chinese)
    // drawn in part: more than a third of a letter's height is cut. (A quarter of the
    // name's height, as this once allowed, let the last of four lines go half hidden:
    // "Ding Ding (Chio-do)" in Italian on a phone's domino.)
    const short = (name) =>
      name.scrollHeight - name.clientHeight > parseFloat(getComputedStyle(name).fontSize) / 3;
    const below = (name) =>
      name.getBoundingClientRect().bottom > name.parentElement.getBoundingClientRect().bottom;
    const cut = names.filter((name) => name.clientHeight && (short(name) || below(name)));
    for (const name of cut) name.parentElement.setAttribute("data-bare", "");
  }

  function apply(el, { cw, overlap, line = false, scroll = false }) {
    el.style.setProperty("--cw", `${cw}px`);
    el.style.setProperty("--overlap", String(overlap));
    el.toggleAttribute("data-overlap", overlap > 0);
    el.toggleAttribute("data-line", line);
    el.toggleAttribute("data-scroll", scroll);
    // A region that scrolls can be reached by the keyboard: through its own buttons, or
    // itself when it has none (cards shown while the AIs play, a replay's hand).
    if (scroll && !el.querySelector("button:not(:disabled)")) el.tabIndex = 0;
    else if (el.getAttribute("tabindex") === "0") el.removeAttribute("tabindex");
  }

  // A region that scrolls keeps in view the card the person is at: the focused one,
  // else the first the hint suggests.
  function reveal(el) {
    if (!el.hasAttribute("data-scroll")) return;
    const active = document.activeElement;
    const focused = active !== el && el.contains(active) ? active : null;
    const target = focused ?? el.querySelector(".hinted");
    if (!target) return;
    const box = target.getBoundingClientRect();
    const room = el.getBoundingClientRect();
    const margin = 10;
    // A card taller than the room shows its top (its index, its glyph).
    const tall = box.height > room.height - 2 * margin;
    if (box.top < room.top + margin || tall) el.scrollTop -= room.top + margin - box.top;
    else if (box.bottom > room.bottom - margin) el.scrollTop += box.bottom - room.bottom + margin;
  }

  // How many times every region was fitted in one go (see `settle`).
  let fittedAll = 0;
  // The table's size when its regions were last fitted: a report of that same size (the
  // observer's first, which comes while the table settles) refits nothing. (Refitting
  // every region in one go at the end of each settling took a task of 54-77 ms at 4x
  // CPU in two of four loads of a Chuo Pai table on a phone.)
  let fittedSize = "";
  const appSize = () => `${app.clientWidth}x${app.clientHeight}`;
  function fitAll() {
    fittedAll += 1;
    // Regions the first drawing had not fitted yet are shown, and so laid out (a region
    // whose cards are not laid out would seem to hold them at any size).
    for (const el of app.querySelectorAll(".fit[data-fitting]")) el.removeAttribute("data-fitting");
    // The prompt first: the regions then fit what room it leaves them.
    fitPrompt();
    fitLines();
    fittedSize = appSize(); // read where the prompt's measure has laid the page out
    for (const el of app.querySelectorAll(".fit")) fit(el);
    for (const el of app.querySelectorAll(".fit[data-scroll]")) reveal(el);
  }

  // The page's first drawing, made with `ui.unsettled` set: the same fitting as
  // `fitAll`, but a task per region (the first layout of the whole page in the first),
  // so that a phone's main thread is never held for the whole table at once while it
  // settles. Regions not yet fitted are not shown (`data-fitting`).
  // `shown`: a drawing made while the table is on show (`ui.redraw`, begun at `since`).
  // Its regions whose cards did not change are shown at their last size until fitted
  // (`data-fitting="due"`), and a task is given up only when it would run past the
  // budget; a region whose search goes on in the next task is not shown meanwhile.
  // The observer's reports in the middle (its first: the table's size when it is first
  // laid out) wait for the end, and refit every region then if one was of another size
  // than the regions were fitted at.
  // Whether it fitted every region: not when a drawing made meanwhile fitted them all.
  let settling = false;
  const reportedWhileSettling = new Set();
  // A task's share of the settling, in ms: under the 50 ms of a long task.
  const BUDGET = 40;
  async function settle({ shown = false, since = performance.now() } = {}) {
    // The person's hand first: the cards they act with are shown soonest.
    const regions = [...app.querySelectorAll(".fit")].sort((a, b) => (b.id === "hand") - (a.id === "hand"));
    // On show, a region that holds more or fewer cards than when it was last fitted is
    // not shown until fitted again: at its last size its cards could stand out of it (a
    // phone showed an AI's new group at the size of its old one, cut, for a frame).
    const changed = (el) => {
      const known = fitted.get(placeOf(el));
      return !known || known.count !== el.querySelectorAll(".card").length || known.groups !== el.childElementCount;
    };
    for (const el of regions) el.setAttribute("data-fitting", !shown ? "" : changed(el) ? "search" : "due");
    ui.unsettled = false;
    settling = true;
    // A drawing made meanwhile (a frame's news) fitted everything in one go: a search
    // paused half-way would then end on sizes tried for the cards it replaced.
    const redrawn = ((at) => () => fittedAll !== at)(fittedAll);
    let start = since;
    const tick = async () => {
      await new Promise((resolve) => setTimeout(resolve));
      start = performance.now();
      return !redrawn();
    };
    try {
      // The first drawing's task made the table's elements; their first style and
      // layout (the prompt's measure) come in the next. So do a drawing's on show when
      // they would take its task past the budget (shown meanwhile as drawn, its regions
      // at their last size): they cost about twice the drawing's own time (at 4x CPU, 43
      // ms after 22 when an opening's last drawing made the person's hand anew).
      const late = !shown || 3 * (performance.now() - start) > BUDGET;
      if (late && !(await tick())) return false;
      fitPrompt();
      fitLines();
      fittedSize = appSize();
      for (const el of regions) {
        // A first drawing gives each region a task; one on show goes on while it can.
        if ((!shown || performance.now() - start > BUDGET) && !(await tick())) return false;
        // Its cards are laid out from now on (cardavia.css; a first drawing's still
        // hidden). A size tried is a layout of the region (at 4x CPU a phone's hand took
        // 50 to 100 ms to fit in one task): the next is tried in a task of its own when
        // it would take the task past `BUDGET` ms, as long as the last took; a fast
        // machine tries them all in one, and settles as soon as before.
        if (!shown) el.setAttribute("data-fitting", "search");
        const away = async () => {
          el.setAttribute("data-fitting", "search");
          return tick();
        };
        // Its first layout comes alone when it took long, then the sizes tried: a first
        // layout and the first size tried took 52 to 75 ms together for Chuo Pai's hand
        // (530 boxes) at 4x CPU, in eleven of twelve loads of a table.
        const laying = performance.now();
        if (el.offsetParent) {
          const now = performance.now();
          if (now - start + (now - laying) > BUDGET && !(await away())) return false;
        }
        let stepped = performance.now();
        for (const _ of fitting(el)) {
          const now = performance.now();
          if (now - start + (now - stepped) > BUDGET) {
            if (!(await away())) return false;
            if (!el.isConnected) break;
          }
          stepped = performance.now();
        }
        el.removeAttribute("data-fitting");
      }
      for (const el of app.querySelectorAll(".fit[data-scroll]")) reveal(el);
      hooks.laidOut?.();
    } finally {
      for (const el of regions) el.removeAttribute("data-fitting");
      settling = false;
      const reported = [...reportedWhileSettling];
      reportedWhileSettling.clear();
      if (reported.some((size) => size !== fittedSize)) refit();
    }
    return true;
  }

  function fitPrompt() {
    // A prompt with many choices first draws its cards more compactly (by their index
    // alone), then grows, and the regions above give way.
    const prompt = $("prompt");
    prompt.removeAttribute("data-compact");
    for (const optional of prompt.querySelectorAll(".optional")) optional.hidden = false;
    // Its usual height: its row's, as the grid gives it with nothing in the prompt.
    prompt.classList.add("measuring");
    const usual = prompt.offsetHeight;
    prompt.classList.remove("measuring");
    if (prompt.offsetHeight > usual + 1) prompt.setAttribute("data-compact", "");
    // Shortcuts in the prompt (Chuo Pai's beating plays) are shown only when they all fit
    // in its usual height: the choices themselves always are.
    for (const optional of prompt.querySelectorAll(".optional")) {
      optional.hidden = false;
      delete optional.dataset.dropped;
      if (overflows(prompt) || prompt.offsetHeight > usual + 1) {
        optional.hidden = true;
        optional.dataset.dropped = "";
      }
    }
  }
  // A line of card chips that stays one line (Chuo Pai's last round): when the cards'
  // names do not fit on it, each chip shows the card's index alone (cardavia.css).
  function fitLines() {
    for (const line of app.querySelectorAll(".fit-line")) {
      line.removeAttribute("data-compact");
      if (overflows(line)) line.setAttribute("data-compact", "");
    }
  }
  function resized() {
    if (settling) reportedWhileSettling.add(appSize());
    else if (appSize() !== fittedSize) refit();
  }
  function refit() {
    fitAll();
    hooks.laidOut?.();
  }
  new ResizeObserver(resized).observe(app);


  return { ui, game, fitAll, settle };
}
