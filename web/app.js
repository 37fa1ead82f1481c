// bitwa's page: the board (the SVG render), a unit's values, reach and
// orders, path orders by clicking a hex, orders between units (an attack:
// its attackers and defender) chosen on the board with their odds before
// confirming, what the last actions did marked on the board, the board
// brought to a unit out of view (found by name, named by a decision,
// moved by another side while selected), decision dialogs, the log (the
// units it and the odds name are links), undo, replay stepping and bots
// playing in the background.  It only talks to the JSON API (README: bitwa serve);
// nothing here knows a title: the orders it composes come from the
// ruleset's action kinds (their params) and the legal lists.
"use strict";

const token = new URLSearchParams(location.search).get("token");
const $ = (id) => document.getElementById(id);
let state = null;          // the live position (GET /api/state)
let at = null;             // replay: the action shown, null for live
let selected = null;       // { name, reach: [...], orders: [...] }
let view = { x: 0, y: 0, k: 1 };
let compose = null;        // { kind, side, types, slots: [[names]], lines: [[words]] }
let pick = null;           // an order with hex, facing or choice words: { kind, side, unit, types, lines: [[words]], chosen: [words] }
let dragging = false;      // the player is dragging the board: nothing pans it meanwhile
let centredFor = null;     // the decision whose unit was last brought into view
const SVGNS = "http://www.w3.org/2000/svg";

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (token) opts.headers["X-Bitwa-Token"] = token;
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch("/api/" + path, opts);
  const text = await r.text();
  let data = text;
  if ((r.headers.get("Content-Type") || "").startsWith("application/json")) data = JSON.parse(text);
  return { ok: r.ok, status: r.status, data };
}

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const k in attrs || {}) {
    if (k === "class") e.className = attrs[k];
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), attrs[k]);
    else e.setAttribute(k, attrs[k]);
  }
  for (const c of kids) if (c !== null && c !== undefined) e.append(c.nodeType ? c : String(c));
  return e;
}

function toast(msg, info) {
  const t = $("toast");
  t.textContent = msg;
  t.className = info ? "info" : "";
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, info ? 2500 : 6000);
}

function refusal(d) {
  return "refused: " + (d.rule ? d.rule + ": " : "") + (d.message || d.error || "");
}

// ------------------------------------------------------------ the board

function applyView() {
  $("board").style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.k})`;
}

function fit() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const w = svg.width.baseVal.value || svg.getBoundingClientRect().width;
  const h = svg.height.baseVal.value || svg.getBoundingClientRect().height;
  const box = $("board-wrap").getBoundingClientRect();
  view.k = Math.min(box.width / w, box.height / h, 2);
  view.x = (box.width - w * view.k) / 2;
  view.y = (box.height - h * view.k) / 2;
  applyView();
}

function zoomAt(f, cx, cy) {
  const k = Math.max(0.2, Math.min(8, view.k * f));
  view.x = cx - (cx - view.x) * (k / view.k);
  view.y = cy - (cy - view.y) * (k / view.k);
  view.k = k;
  applyView();
}

// Pan the board (the zoom kept) so that hex `label` is in view, when it
// is outside the part of #board-wrap shown or near its edge (within a
// margin of it); a hex well inside is left where the player put it.  The
// rectangle checked is `g`'s (a unit's counter) when given, else the
// hex's; `cover` (an open dialog) hides what is under it: a hex under it
// is brought above it (or below, where there is more room).  Returns
// whether the board moved.
function centreOn(label, g, cover) {
  const p = label && $("board").querySelector(`polygon.hex[data-hex="${CSS.escape(label)}"]`);
  const target = g || p;
  if (!target || dragging) return false;
  const w = $("board-wrap").getBoundingClientRect(), b = target.getBoundingClientRect();
  if (!w.width || !w.height) return false;
  const m = Math.min(60, w.width / 6, w.height / 6);
  const c = cover && cover.getBoundingClientRect();
  const under = c && c.width && b.right > c.left && b.left < c.right && b.bottom > c.top && b.top < c.bottom;
  if (!under && b.left >= w.left + m && b.right <= w.right - m && b.top >= w.top + m && b.bottom <= w.bottom - m) return false;
  let y = w.top + w.height / 2;
  if (c && c.width && c.left < w.right && c.right > w.left) {
    const above = c.top - w.top, below = w.bottom - c.bottom;
    y = above >= below ? w.top + Math.max(above, 0) / 2 : c.bottom + below / 2;
  }
  view.x += w.left + w.width / 2 - (b.left + b.right) / 2;
  view.y += y - (b.top + b.bottom) / 2;
  applyView();
  return true;
}

// the same for a unit on the map (its counter); a unit off the map is not
// on the board
function centreUnit(name, cover) {
  const u = state && state.units.find((x) => x.name === name);
  if (!u || !u.hex) return false;
  return centreOn(u.hex, $("board").querySelector(`g.unit[data-unit="${CSS.escape(name)}"]`), cover);
}

// the units a text names (a decision's prompt, an order line), in the order
// it names them: its words, stripped of punctuation and a possessive
function unitsNamed(text) {
  const out = [];
  for (const w of String(text || "").split(/[\s,;:()?!]+/)) {
    for (const n of [w, w.replace(/'s$/, ""), w.replace(/[.'"]+$/, "")]) {
      const u = n && state.units.find((x) => x.name === n);
      if (u && !out.includes(u)) { out.push(u); break; }
    }
  }
  return out;
}

// a text (an order, a note, an outcome) with the units it names as links,
// found as unitsNamed finds them: a click selects that unit and brings its
// counter into view, and does nothing else (a log entry's own click replays
// to its action)
let namesOf = null, namesSet = null;
function linked(text) {
  if (namesOf !== state) { namesOf = state; namesSet = new Set(state ? state.units.map((u) => u.name) : []); }
  const out = [];
  for (const part of String(text === null || text === undefined ? "" : text).split(/([\s,;:()?!]+)/)) {
    const n = [part, part.replace(/'s$/, ""), part.replace(/[.'"]+$/, "")].find((x) => x && namesSet.has(x));
    if (!n) { if (part) out.push(part); continue; }
    out.push(el("a", { class: "unit-link", href: "#", "data-name": n, title: "show " + n,
      onclick: (e) => { e.preventDefault(); e.stopPropagation(); selectUnit(n, true); } }, n));
    if (part.length > n.length) out.push(part.slice(n.length));
  }
  return out;
}

// the board as the server draws it (the position shown), then what is
// drawn over it
function showBoard(svgText) {
  const first = !$("board").querySelector("svg");
  $("board").innerHTML = svgText;
  if (first) fit();
  drawMarks();
  if (selected && at === null) showReach();
  if (compose) showCompose(true);
  if (pick && at === null) showPick(true);
}

// the centre of a hex of the board, in the SVG's coordinates
function hexCentre(label) {
  const p = $("board").querySelector(`polygon.hex[data-hex="${CSS.escape(label)}"]`);
  if (!p) return null;
  const b = p.getBBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2, r: b.width / 2 };
}

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

// The facings as the board draws them (flat-topped hexes, N up): the
// angle of each, in degrees from the x axis
const FACINGS = ["N", "NE", "SE", "S", "SW", "NW"];
const facingAngle = (f) => -90 + 60 * FACINGS.indexOf(f);

// the point of a pointer event in the board's SVG coordinates
function svgPoint(e) {
  const svg = $("board").querySelector("svg");
  const m = svg && svg.getScreenCTM();
  if (!m) return null;
  const p = svg.createSVGPoint();
  p.x = e.clientX; p.y = e.clientY;
  return p.matrixTransform(m.inverse());
}

// the facing pointed at in hex `label`: the side of the hex nearest the
// pointer when it is in the hex's outer part, else null (its middle)
function facingAt(label, e) {
  const c = hexCentre(label), p = svgPoint(e);
  if (!c || !p) return null;
  const dx = p.x - c.x, dy = p.y - c.y;
  if (Math.hypot(dx, dy) < c.r * 0.42) return null;
  const a = Math.atan2(dy, dx) * 180 / Math.PI;
  return FACINGS[(((Math.round((a + 90) / 60)) % 6) + 6) % 6];
}

// arrows on the sides of hex `label` for the facings given ({facing,
// title, best}); the one the pointer is on is lit
function drawFacings(label, facings, lit) {
  const old = $("board").querySelector("#facing-arrows");
  if (old) old.remove();
  const svg = $("board").querySelector("svg"), c = hexCentre(label);
  if (!svg || !c || !facings.length) return;
  const layer = svgEl("g", { id: "facing-arrows", "data-hex": label });
  for (const f of facings) {
    const a = facingAngle(f.facing) * Math.PI / 180, r = c.r;
    const ux = Math.cos(a), uy = Math.sin(a), px = -uy, py = ux;
    const tip = [c.x + ux * r * 0.9, c.y + uy * r * 0.9], base = [c.x + ux * r * 0.42, c.y + uy * r * 0.42];
    const w = r * 0.14;
    const pts = [tip, [base[0] + px * w, base[1] + py * w], [base[0] - px * w, base[1] - py * w]];
    const t = svgEl("polygon", { class: "facing-arrow" + (f.best ? " best" : "") + (f.facing === lit ? " lit" : ""),
      "data-facing": f.facing, points: pts.map((q) => q.join(",")).join(" ") });
    t.append(svgEl("title", {}, f.title || f.facing));
    layer.append(t);
  }
  svg.append(layer);
}

// what the last actions did (state.marks, from the log's events): each
// move as a path of arrows (blue: the unit's own side moved it; red: it
// was moved in another side's action, a retreat), units that fought
// ringed, strength lost as a badge, units that left the game crossed out
function drawMarks() {
  const svg = $("board").querySelector("svg");
  const m = state && state.marks;
  if (!svg || !m) return;
  const layer = svgEl("g", { id: "marks" });
  const defs = svgEl("defs", {});
  for (const [id, colour] of [["arrow-own", "#1565c0"], ["arrow-other", "#c62828"]]) {
    const mk = svgEl("marker", { id, viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "4", markerHeight: "4", orient: "auto" });
    mk.append(svgEl("path", { d: "M0,0 L10,5 L0,10 z", fill: colour }));
    defs.append(mk);
  }
  layer.append(defs);
  for (const t of m.trails || []) {
    const pts = t.hexes.map(hexCentre).filter((c) => c);
    if (pts.length < 2) continue;
    const line = svgEl("polyline", { class: "trail " + (t.own ? "own" : "other"), "data-unit": t.unit,
      points: pts.map((c) => `${c.x},${c.y}`).join(" "), "marker-end": `url(#arrow-${t.own ? "own" : "other"})` });
    line.append(svgEl("title", {}, `${t.unit}: ${t.hexes.join(" → ")} (action ${t.n}${t.own ? "" : ", moved by another side"})`));
    layer.append(line);
  }
  for (const u of m.units || []) {
    const now = state.units.find((x) => x.name === u.name);
    const hex = (now && now.hex) || u.hex;
    const c = hex && hexCentre(hex);
    const what = [u.moved && "moved", u.retreated && "moved by another side", u.fought && "fought",
      u.lost && `lost ${u.lost}`, u.died && "eliminated", u.left && "left the map"].filter((x) => x).join(", ");
    if ((u.died || u.left) && !(now && now.hex)) {
      if (!c) continue;
      const g = svgEl("g", { class: "dead", "data-dead": u.name });
      const r = c.r * 0.45;
      g.append(svgEl("path", { d: `M${c.x - r},${c.y - r} L${c.x + r},${c.y + r} M${c.x + r},${c.y - r} L${c.x - r},${c.y + r}` }));
      g.append(svgEl("text", { x: c.x, y: c.y + c.r * 0.8, "text-anchor": "middle" }, u.name));
      g.append(svgEl("title", {}, `${u.name}: ${what}`));
      layer.append(g);
      continue;
    }
    for (const g of $("board").querySelectorAll(`g[data-unit="${CSS.escape(u.name)}"]`)) {
      g.classList.add("lastmoved");
      if (u.fought) g.classList.add("fought");
      g.append(svgEl("title", {}, `${u.name}: ${what}`));
    }
    if (u.lost && c) {
      const b = svgEl("g", { class: "lost", "data-lost": u.name });
      b.append(svgEl("circle", { cx: c.x + c.r * 0.55, cy: c.y - c.r * 0.55, r: c.r * 0.28 }));
      b.append(svgEl("text", { x: c.x + c.r * 0.55, y: c.y - c.r * 0.55 + c.r * 0.1, "text-anchor": "middle" }, "−" + u.lost));
      layer.append(b);
    }
  }
  svg.append(layer);
}

function clearReach() {
  const fa = $("board").querySelector("#facing-arrows");
  if (fa) fa.remove();
  for (const p of $("board").querySelectorAll(".hex.reach")) p.classList.remove("reach");
  for (const t of $("board").querySelectorAll(".cost")) t.remove();
  for (const g of $("board").querySelectorAll(".selected")) g.classList.remove("selected");
}

function showReach() {
  clearReach();
  if (!selected) return;
  for (const g of $("board").querySelectorAll(`[data-unit="${CSS.escape(selected.name)}"]`)) g.classList.add("selected");
  const svg = $("board").querySelector("svg");
  for (const d of selected.reach) {
    const p = $("board").querySelector(`polygon.hex[data-hex="${CSS.escape(d.hex)}"]`);
    if (!p) continue;
    p.classList.add("reach");
    const b = p.getBBox();
    const t = document.createElementNS("http://www.w3.org/2000/svg", "text");
    t.setAttribute("class", "cost");
    t.setAttribute("x", b.x + b.width / 2);
    t.setAttribute("y", b.y + b.height * 0.85);
    t.setAttribute("text-anchor", "middle");
    t.textContent = d.cost_shown !== undefined ? d.cost_shown : d.cost;
    svg.append(t);
  }
}

// ------------------------------------------------------------ panels

function renderTop() {
  const s = state;
  $("title").textContent = s.title || s.scenario;
  document.title = "bitwa — " + (s.title || s.scenario);
  const who = s.pending ? `waiting for ${s.pending.side}` : (s.acting.length ? s.acting.join(", ") + " to act" : "nobody to act");
  $("where").textContent = (at !== null ? `replay: after action ${at} — ` : "") +
    `turn ${s.turn}${s.turns ? "/" + s.turns : ""}, ${s.phase}, ${s.over ? "game over" : who}`;
  $("vp").textContent = Object.keys(s.vp || {}).length ? "VP " + Object.entries(s.vp).map(([k, v]) => `${k} ${v}`).join(", ") : "";
  $("tracks").textContent = (s.tracks || []).map((t) => `${t.label}: ${t.value}`).join(" · ");
  const box = $("turn-box");
  box.replaceChildren();
  // a finished game takes no order (its result is shown instead)
  $("order-box").hidden = !!s.over;
  if (s.over && s.result) {
    box.append(el("div", { class: "result" }, `${s.result.winner ? s.result.winner + " wins" : "no winner"}` +
      `${s.result.level ? " (" + s.result.level + ")" : ""} — ${s.result.reason || ""}`));
  }
  const sides = s.sides.map((x) => `${x}${s.bots[x] ? " (bot: " + s.bots[x] + ")" : ""}`).join(", ");
  box.append(el("div", { class: "muted" }, `${s.ruleset} · sides ${sides} · ${s.actions} actions`));
  const sel = $("order-side");
  const cur = sel.value;
  sel.replaceChildren(...s.sides.filter((x) => !s.bots[x]).map((x) => el("option", { value: x }, x)));
  if (cur && [...sel.options].some((o) => o.value === cur)) sel.value = cur;
  else if (s.acting.length && !s.bots[s.acting[0]]) sel.value = s.acting[0];
  const anyBot = s.sides.some((x) => s.bots[x]);
  $("bots-box").hidden = !anyBot;
  $("bot-play").textContent = s.bot_play ? "pause" : "play";
  if (document.activeElement !== $("bot-speed")) $("bot-speed").value = String(s.bot_delay);
  $("bot-status").textContent = s.bot_error ? "stopped: " + s.bot_error :
    s.bot_busy ? "a bot is playing…" : s.bot_play ? (s.over ? "the game is over" : "waiting for a player") : "paused";
  const names = s.units.map((u) => u.name).join("\n");
  if ($("unit-names").dataset.names !== names) {
    $("unit-names").dataset.names = names;
    $("unit-names").replaceChildren(...s.units.map((u) => el("option", { value: u.name },
      `${u.side} ${u.kind}${u.hex ? " at " + u.hex : ", off the map"}`)));
  }
  $("rp-at").max = s.actions + (s.pending ? 1 : 0);
  if (at === null) $("rp-at").value = s.actions;
}

// a unit chosen: its values, reach and orders; `centre` when it was chosen
// elsewhere than on the board (the find box), so that its counter is shown
async function selectUnit(name, centre) {
  if (centre) centreUnit(name);
  if (at !== null) {
    const u = state.units.find((x) => x.name === name);
    selected = null;
    clearReach();
    for (const g of $("board").querySelectorAll(`g.unit[data-unit="${CSS.escape(name)}"]`)) g.classList.add("selected");
    showUnit(u, [], [], null, []);
    return;
  }
  const r = await api("GET", "unit?name=" + encodeURIComponent(name));
  if (!r.ok) { toast(r.data.error); return; }
  const side = r.data.unit.side;
  selected = { name, reach: r.data.reach, orders: r.data.orders, side };
  // orders between units (params all unit/units: an attack, a fire...)
  // where this unit may be the first: chosen on the board
  const kinds = composableKinds(), bkinds = boardKinds();
  let offers = [], picks = [];
  if (kinds.length && !state.bots[side] && !state.pending && !state.over) {
    const a = await api("GET", "actions?side=" + encodeURIComponent(side));
    // (the click may have been taken back or another unit clicked while
    // the list came: `selected` is then another's or none, checked below)
    if (a.ok) {
      for (const k of kinds) {
        const lines = a.data.actions.filter((x) => x.words[0] === k).map((x) => x.words);
        if (lines.some((w) => (w[1] || "").split(",").includes(name))) offers.push({ kind: k, lines });
      }
    }
  }
  // orders of this unit with a hex or a facing (every legal line, not
  // grouped as the actions list groups a path's first steps): built on
  // the board
  if (bkinds.length && !state.bots[side] && !state.pending && !state.over) {
    for (const k of bkinds) {
      const lines = (r.data.order_words || []).filter((w) => w[0] === k && w[1] === name);
      if (lines.length) picks.push({ kind: k, lines });
    }
  }
  if (selected === null || selected.name !== name) return;   // another unit was clicked meanwhile
  selected.picks = picks;
  const folded = [...kinds, ...picks.map((x) => x.kind)];
  showUnit(r.data.unit, r.data.reach, r.data.orders.filter((l) => !folded.includes(l.split(/\s+/)[0])),
           r.data.cannot_move, offers, picks);
  showReach();
  if (pick && pick.unit === name) return;
  // a unit that cannot move but can attack: choose the other units at once;
  // one that can only be placed or turned: its hexes or facings at once
  if (!r.data.reach.length && offers.length && (!compose || compose.slots[0][0] !== name)) startCompose(offers[0], name);
  else if (!r.data.reach.length && !offers.length && picks.length) startPick(picks[0], name);
}

// The manifest's attributes by name (state.attributes: label, doc, per,
// default) and how one is called: its label (the book's short term), else
// its name
function attr(name) {
  if (!state.attrIndex || state.attrIndex.src !== state.attributes) {
    const by = {};
    for (const a of state.attributes || []) by[a.name] = a;
    state.attrIndex = { src: state.attributes, by };
  }
  return state.attrIndex.by[name];
}
function term(name) {
  if (name === "hex") return "hex";
  if (name === "facing") return "facing";
  const a = attr(name);
  return (a && a.label) || (name === state.strength ? state.strength_label || name : name);
}
function atDefault(a, v) {
  return v === undefined || v === null || v === false || v === "" || (a && a.default !== undefined && v === a.default);
}

// A unit's values in the book's terms (as bitwa play's show UNIT): the
// attributes the manifest documents (doc) — its strength, its movement,
// those a scenario must give its kind, those not at their default, and
// those whose default is a named state —
// each with its label (else its name), its value (whole points where it
// counts parts of one) and what it is; then its other values not at their
// default
function showUnit(u, reach, orders, cannot, offers, picks) {
  const info = $("unit-info");
  info.replaceChildren();
  if (!u) return;
  info.append(el("div", { class: "unit-head" }, el("b", {}, u.name), ` — ${u.side} ${u.kind}` +
    (u.role !== "unit" ? ` (${u.role})` : "") + (u.hex ? `, at ${u.hex}` : ", off the map") +
    (u.facing ? `, facing ${u.facing}` : "")));
  const have = {};
  for (const v of u.values) have[v.name] = v;
  const required = new Set((state.required || {})[u.kind] || []);
  const trs = [], also = [];
  const documents = (state.attributes || []).some((a) => a.doc);
  for (const a of state.attributes || []) {
    if (a.name === "name" || a.name === "side" || a.name === "kind") continue;
    const v = have[a.name];
    const value = v ? v.value : undefined;
    const shown = v ? (v.shown !== undefined ? v.shown : v.value) : (a.default === "" ? "none" : a.default);
    const role = a.name === state.strength || a.name === state.movement;
    const key = role || required.has(a.name);
    // a ruleset that documents none of its attributes: its values not at their default, by name
    // a documented value is shown when it is not its default, or its
    // default names a state (a formation "line"), not an absence
    const named = typeof a.default === "string" && a.default !== "";
    if (role || (a.doc && (key || named || !atDefault(a, value))) || (!documents && !atDefault(a, value))) {
      trs.push(el("tr", { "data-attr": a.name, title: a.name },
        el("td", { class: "term" }, term(a.name)), el("td", { class: "val" }, String(shown === "" ? "none" : shown)),
        el("td", { class: "doc" }, a.doc || (a.name === state.strength ? "strength" : a.name === state.movement ? "movement left" : ""))));
    } else if (!a.doc && !atDefault(a, value)) {
      also.push(value === true ? term(a.name) : `${term(a.name)} ${shown}`);
    }
  }
  info.append(el("table", { class: "values" }, ...trs));
  if (also.length) info.append(el("div", { class: "also muted" }, "also: " + also.join(", ")));
  if (reach.length) info.append(el("div", { class: "muted" }, `reaches ${reach.length} hexes (cost on the map); click one to move there`));
  else if (cannot) info.append(el("div", { class: "muted" }, refusal(cannot)));
  const o = $("unit-orders");
  o.replaceChildren(...(offers || []).map((x) => el("button", { class: "compose", "data-kind": x.kind,
    onclick: () => startCompose(x, u.name) }, `${x.kind}… (choose on the board)`)),
    ...(picks || []).map((x) => el("button", { class: "compose pick", "data-kind": x.kind,
      onclick: () => startPick(x, u.name) }, `${x.kind}… (${x.lines.length} on the board)`)),
    ...orders.map((line) => el("button", { onclick: () => prepare(u.side, line) }, line)));
}

// An outcome of the odds in the book's terms: per unit what it became
// (eliminated, where it went, the documented values that changed, with
// their labels), the tracks and VP that changed, the strength each side
// lost; the rest of the changes (the rules' bookkeeping) under "every
// change"
function outcomeText(o) {
  const show = (c, end) => {
    const s = c[end + "_shown"] !== undefined ? c[end + "_shown"] : c[end];
    return s === null || s === undefined || s === "" ? "none" : String(s);
  };
  const units = new Map(), vars = [];
  for (const c of o.changes || []) {
    if (c.unit !== undefined) {
      if (!units.has(c.unit)) units.set(c.unit, []);
      const parts = units.get(c.unit);
      const a = attr(c.field);
      if (c.field === "eliminated") parts.push("eliminated");
      else if (c.field === "appears") parts.push("appears");
      else if (c.field === "hex") parts.push(c.to === null ? "leaves the map" : `${c.from === null ? "enters" : "moves " + c.from + " →"} ${c.to}`);
      else if (c.field === "facing") parts.push(`faces ${show(c, "to")}`);
      else if (a && (a.doc || a.label || c.field === state.strength || c.field === state.movement)) {
        if (a.type === "bool" || typeof c.to === "boolean") parts.push(c.to ? term(c.field) : "not " + term(c.field));
        else parts.push(`${term(c.field)} ${show(c, "from")} → ${show(c, "to")}`);
      }
    } else if (c.var !== undefined) {
      const track = (state.tracks || []).find((t) => t.var === c.var);
      const vp = c.var.match(/^(?:game\.)?vp\.(.+)$/);
      if (track) vars.push(`${track.label} ${show(c, "from")} → ${show(c, "to")}`);
      else if (vp) vars.push(`VP ${vp[1]} ${show(c, "from")} → ${show(c, "to")}`);
    }
  }
  const lines = [];
  for (const [name, parts] of units) if (parts.length) lines.push(`${name}: ${parts.join(", ")}`);
  lines.push(...vars);
  const lost = Object.entries(o.strength_lost || {}).filter(([, n]) => n);
  if (lost.length) lines.push(`${state.strength_label || state.strength} lost: ` + lost.map(([k, n]) => `${k} ${n}`).join(", "));
  return lines;
}

// ------------------------------------------------------------ composing an order between units

function paramTypes(kind) {
  const k = state.kinds && state.kinds[kind];
  return k ? k.params.map((p) => p.replace(/\?$/, "")) : [];
}

function composableKinds() {
  return Object.keys(state.kinds || {}).filter((k) => {
    const t = paramTypes(k);
    return t.length >= 2 && t.every((p) => p === "unit" || p === "units");
  });
}

function startCompose(offer, name) {
  endPick();
  const types = paramTypes(offer.kind);
  compose = { kind: offer.kind, side: selected.side, types, lines: offer.lines,
              slots: types.map((_, i) => (i === 0 ? [name] : [])) };
  $("odds").replaceChildren();
  showCompose();
}

function endCompose() {
  compose = null;
  $("compose-box").hidden = true;
  for (const g of $("board").querySelectorAll(".cand, .chosen, .chosen-target")) g.classList.remove("cand", "chosen", "chosen-target");
}

// the units that may fill slot i: those the legal lines put there, among
// the lines that agree with what is chosen in the other slots (the rules
// may accept other groupings too: the odds say, or refuse with the rule)
function candidates(i) {
  const out = new Set();
  for (const w of compose.lines) {
    let fits = true;
    for (let j = 0; j < compose.slots.length && fits; j++) {
      const have = (w[j + 1] || "").split(",");
      if (j !== i && compose.slots[j].length && !compose.slots[j].some((n) => have.includes(n))) fits = false;
    }
    if (fits) for (const n of (w[i + 1] || "").split(",")) if (n) out.add(n);
  }
  return out;
}

function composedLine() {
  if (compose.slots.some((x) => !x.length)) return null;
  return [compose.kind, ...compose.slots.map((x) => x.join(","))].join(" ");
}

function showCompose(boardOnly) {
  for (const g of $("board").querySelectorAll(".cand, .chosen, .chosen-target")) g.classList.remove("cand", "chosen", "chosen-target");
  if (!compose) return;
  if (boardOnly) { markCompose(); return; }
  const box = $("compose-box");
  box.hidden = false;
  $("compose-title").textContent = "Order: " + compose.kind;
  const info = $("compose-info");
  info.replaceChildren();
  markCompose();
  compose.slots.forEach((chosen, i) => {
    const cands = candidates(i);
    const more = [...cands].filter((n) => !chosen.includes(n));
    info.append(el("div", { class: "slot", "data-slot": i },
      el("b", {}, i === 0 ? "by: " : "against: "), chosen.length ? chosen.join(", ") : "—",
      el("span", { class: "muted" }, more.length ? ` (may ${compose.types[i] === "units" ? "add" : "be"}: ${more.join(", ")})` : "")));
  });
  const line = composedLine();
  info.append(el("div", { class: "muted" }, line ? line : "click the units on the board (a second click takes one out)"));
  if (line) prepare(compose.side, line);
}

function markCompose() {
  compose.slots.forEach((chosen, i) => {
    for (const n of candidates(i)) {
      for (const g of $("board").querySelectorAll(`g[data-unit="${CSS.escape(n)}"]`)) g.classList.add("cand");
    }
    for (const n of chosen) {
      for (const g of $("board").querySelectorAll(`g[data-unit="${CSS.escape(n)}"]`)) g.classList.add(i === 0 ? "chosen" : "chosen-target");
    }
  });
}

function composeClick(name) {
  const c = compose;
  for (const chosen of c.slots) {
    const i = chosen.indexOf(name);
    if (i >= 0) { chosen.splice(i, 1); showCompose(); return true; }
  }
  // the first empty slot that may take it, else the last one that may
  const fits = c.slots.map((_, i) => candidates(i).has(name));
  let j = c.slots.findIndex((x, i) => !x.length && fits[i]);
  if (j < 0) j = fits.lastIndexOf(true);
  if (j < 0) return false;
  if (c.types[j] === "units") c.slots[j].push(name); else c.slots[j] = [name];
  showCompose();
  return true;
}

// ------------------------------------------------------------ an order with hexes, facings, choices

// the kinds whose orders are a unit then words chosen on the board: a hex
// (the hexes the legal lines name are lit), a facing (arrows on the hex
// chosen, else on the unit's), a choice (buttons); path orders are the
// reach's
function boardKinds() {
  return Object.keys(state.kinds || {}).filter((k) => {
    const t = paramTypes(k);
    return !state.kinds[k].reach && t[0] === "unit" && t.slice(1).some((p) => p === "hex" || p === "facing");
  });
}

function startPick(offer, name) {
  endCompose();
  pick = { kind: offer.kind, side: selected.side, unit: name, types: paramTypes(offer.kind), lines: offer.lines, chosen: [] };
  $("odds").replaceChildren();
  showPick();
}

function endPick() {
  if (pick && !compose) $("compose-box").hidden = true;
  pick = null;
  for (const p of $("board").querySelectorAll(".hex.target")) p.classList.remove("target");
  const fa = $("board").querySelector("#facing-arrows");
  if (fa) fa.remove();
}

// the legal lines that begin with what is chosen, and the words they put next
function pickNext() {
  const k = 2 + pick.chosen.length;
  const lines = pick.lines.filter((w) => pick.chosen.every((x, i) => w[2 + i] === x));
  const next = [];
  let done = false;
  for (const w of lines) {
    if (w.length === k) done = true;
    else if (!next.includes(w[k])) next.push(w[k]);
  }
  return { type: pick.types[k - 1], next, done, line: done ? [pick.kind, pick.unit, ...pick.chosen].join(" ") : null };
}

// the hex a facing is chosen on: the last hex chosen, else the unit's
function pickAnchor() {
  for (let i = pick.chosen.length - 1; i >= 0; i--) if (pick.types[i + 1] === "hex") return pick.chosen[i];
  const u = state.units.find((x) => x.name === pick.unit);
  return u && u.hex;
}

function showPick(boardOnly) {
  for (const p of $("board").querySelectorAll(".hex.target")) p.classList.remove("target");
  const fa = $("board").querySelector("#facing-arrows");
  if (fa) fa.remove();
  if (!pick) return;
  const n = pickNext();
  if (n.type === "hex") {
    for (const h of n.next) {
      const p = $("board").querySelector(`polygon.hex[data-hex="${CSS.escape(h)}"]`);
      if (p) p.classList.add("target");
    }
  } else if (n.type === "facing" && n.next.length) {
    const p = $("board").querySelector(`polygon.hex[data-hex="${CSS.escape(pickAnchor() || "")}"]`);
    if (p) p.classList.add("target");
    drawFacings(pickAnchor(), n.next.map((f) => ({ facing: f, title: `${pick.kind} ${pick.unit} ${[...pick.chosen, f].join(" ")}` })));
  }
  if (boardOnly) return;
  const box = $("compose-box");
  box.hidden = false;
  $("compose-title").textContent = "Order: " + pick.kind;
  const info = $("compose-info");
  info.replaceChildren(el("div", { class: "slot" }, el("b", {}, pick.kind + " "), [pick.unit, ...pick.chosen].join(" ")));
  const choose = (w) => { pick.chosen.push(w); showPick(); };
  if (n.next.length) {
    const what = n.type === "hex" ? `click one of the ${n.next.length} hexes lit on the board` :
      n.type === "facing" ? "click an arrow on the board for the facing, or here" : "choose";
    info.append(el("div", { class: "muted" }, what));
    if (n.type !== "hex") {
      info.append(el("div", { class: "pick-words" }, ...n.next.map((w) => el("button", { "data-word": w, onclick: () => choose(w) }, w)),
        n.done ? el("button", { "data-word": "", onclick: () => { pick.chosen.push(null); showPick(); } }, "as it is") : null));
    }
  }
  if (pick.chosen.length) info.append(el("button", { onclick: () => { pick.chosen.pop(); showPick(); } }, "back"));
  const line = pick.chosen[pick.chosen.length - 1] === null ? [pick.kind, pick.unit, ...pick.chosen.slice(0, -1)].join(" ")
    : (n.done && !n.next.length ? n.line : null);
  if (line) prepare(pick.side, line);
  else $("odds").replaceChildren();
}

// a click on the board while an order is picked: a lit hex or an arrow
function pickClick(e) {
  const n = pickNext();
  if (n.type === "facing") {
    const a = e.target.closest("[data-facing]");
    if (a && n.next.includes(a.dataset.facing)) { pick.chosen.push(a.dataset.facing); showPick(); return true; }
    return false;
  }
  if (n.type !== "hex") return false;
  // the hex under the pointer, even under a counter (a target hex may hold one)
  const hex = document.elementsFromPoint(e.clientX, e.clientY).find((x) => x.matches && x.matches("polygon.hex"));
  if (hex && n.next.includes(hex.dataset.hex)) { pick.chosen.push(hex.dataset.hex); showPick(); return true; }
  return false;
}

function prepare(side, line) {
  $("order-side").value = side;
  $("order-line").value = line;
  showOdds();
}

async function showOdds() {
  const side = $("order-side").value, line = $("order-line").value.trim();
  const box = $("odds");
  const seq = showOdds.seq = (showOdds.seq || 0) + 1;
  box.replaceChildren(el("div", { class: "muted" }, "computing the odds…"));
  if (!line) { box.replaceChildren(); return; }
  const r = await api("GET", "odds?line=" + encodeURIComponent(line) + "&side=" + encodeURIComponent(side));
  if (seq !== showOdds.seq) return;          // another order was chosen meanwhile
  box.replaceChildren();
  if (!r.ok) { box.append(el("div", {}, refusal(r.data))); return; }
  const t = el("table", {});
  for (const o of r.data.outcomes) {
    const pct = (o.p * 100).toFixed(1);
    const lines = outcomeText(o);
    const what = el("td", { class: "outcome" });
    if (lines.length) for (const l of lines) what.append(el("div", {}, ...linked(l)));
    else what.append(el("div", {}, o.changes && o.changes.length ? "no change to the units' values" : "no change"));
    if (o.changes && o.changes.length) what.append(el("details", {}, el("summary", {}, "every change"), el("div", { class: "raw" }, o.outcome)));
    t.append(el("tr", {}, el("td", { class: "p" }, o.exact, el("br"), pct + "%",
      el("br"), el("span", { class: "bar", style: `width:${Math.max(2, o.p * 60)}px` })), what));
  }
  box.append(el("div", { class: "muted" }, `${line}: ${r.data.outcomes.length} outcome(s), exact odds`));
  if (r.data.phase_end) {
    box.append(el("div", { class: "muted phase-end" }, "a sealed order: what it does when the phase ends " +
      `now, with ${side}'s orders given so far (the other sides' are not yours to see)`));
  }
  box.append(t,
    el("button", { onclick: () => act(side, line) }, "Confirm: " + line));
}

async function act(side, line) {
  const r = await api("POST", "act", { side, line });
  if (!r.ok) { toast(refusal(r.data)); return; }
  $("odds").replaceChildren();
  $("order-line").value = "";
  afterAction(r.data);
}

function unselect() {
  selected = null;
  endCompose();
  endPick();
  clearReach();
  $("unit-info").replaceChildren(el("span", { class: "muted" },
    "Click a counter to see its values, the hexes it can reach and its orders."));
  $("unit-orders").replaceChildren();
}

function afterAction(d) {
  unselect();
  if (d.rolls && d.rolls.length) toast(d.rolls.map((x) => `${x.purpose}: ${x.total}`).join("; "), true);
  if (d.bot_error) toast("bot: " + d.bot_error);
  refresh();
}

async function answer(value) {
  // a refresh under way drew the decision now answered: it is dropped,
  // so that it does not open the dialog on that decision again
  ++refreshes;
  const r = await api("POST", "answer", { answer: value });
  // refused: the decision is still pending, its dialog again (the game has
  // not changed, so the live view would not bring it back)
  if (!r.ok) { toast(refusal(r.data)); decisionDialog(); return; }
  afterAction(r.data);
}

function decisionDialog() {
  const dlg = $("decision");
  const p = state.pending;
  if (!p || at !== null || state.bots[p.side]) { if (dlg.open) dlg.close(); return; }
  $("decision-title").textContent = `${p.side} decides: ${p.kind}`;
  $("decision-prompt").textContent = p.prompt;
  const box = $("decision-options");
  box.replaceChildren();
  const multi = p.max !== undefined && p.max !== null;
  $("decision-multi").hidden = !multi;
  for (const o of p.options) {
    if (multi) box.append(el("label", {}, el("input", { type: "checkbox", value: o }), o), el("br"));
    else box.append(el("button", { value: o, onclick: (e) => { e.preventDefault(); dlg.close(); answer(o); } }, o));
  }
  $("decision-send").onclick = (e) => {
    e.preventDefault();
    const v = [...box.querySelectorAll("input:checked")].map((x) => x.value).join(",");
    dlg.close();
    answer(v);
  };
  if (!dlg.open) dlg.showModal();
  // a new decision: the side's unit it names (its prompt, else its
  // options) brought into view beside the dialog, once (the player may
  // drag the board away while deciding)
  const key = state.actions + "/" + JSON.stringify(p);
  if (centredFor !== key) {
    centredFor = key;
    const mine = [...unitsNamed(p.prompt), ...unitsNamed((p.options || []).join(" "))].filter((u) => u.side === p.side && u.hex);
    if (mine.length) centreUnit(mine[0].name, dlg);
  }
}

async function loadLog(seq) {
  // the actions around the one shown (a long game's whole log is large)
  const shown = at === null ? state.actions : at;
  const r = await api("GET", `log?from=${Math.max(0, shown - 150)}&to=${shown + 50}`);
  if (!r.ok || (seq !== undefined && seq !== refreshes)) return;   // a later refresh draws its own
  const ol = $("log");
  ol.replaceChildren();
  for (const a of r.data.actions) {
    const li = el("li", { value: a.n, "data-n": a.n, onclick: () => replayAt(a.n) },
      `${a.side || "—"} `, ...linked(a.line), a.status === "pending" ? " (waiting)" : null);
    for (const d of a.decisions) li.append(el("div", { class: "decision" }, `${d.side} ${d.kind}: `, ...linked(d.answer)));
    for (const x of a.rolls) {
      li.append(el("div", { class: "roll" }, `roll ${x.purpose}: ${x.n}d${x.sides} = ${x.total}` +
        (x.rule ? ` (${x.rule})` : "") + (x.forced ? " (forced)" : "")));
    }
    for (const e of a.events) {
      const text = typeof e === "string" ? e : (e.text || JSON.stringify(e));
      // state changes (#3.hex = 0404, spawn #3, turn = 2) are on the board; notes are shown
      if (!/^#\d+\./.test(text) && !/^spawn #\d+$/.test(text) && !/^[\w.]+ = .*\(was /.test(text)) {
        li.append(el("div", { class: "event" }, ...linked(text)));
      }
    }
    if ((at === null && a.n === state.actions) || a.n === at) li.classList.add("current");
    ol.append(li);
  }
  const cur = ol.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

// the position shown (live, or `at` in a replay) with its board, unit and
// log; a refresh begun later wins over one still under way (a step of the
// replay while the live game was being loaded)
let refreshes = 0;
async function refresh() {
  const seq = ++refreshes;
  const marks = "marks=" + encodeURIComponent($("marks").value);
  const q = at === null ? "?" + marks : "?at=" + at + "&" + marks;
  const [r, b] = await Promise.all([api("GET", "state" + q), api("GET", "board.svg" + (at === null ? "" : "?at=" + at))]);
  if (seq !== refreshes) return;
  if (!r.ok) { toast(r.data.error); return; }
  if (!b.ok) { toast(b.data.error || "cannot draw the board"); return; }
  const hexOf = (s, n) => { const u = s && s.units.find((x) => x.name === n); return u ? u.hex : null; };
  const was = selected && at === null ? hexOf(state, selected.name) : null;
  state = r.data;
  if (at === null) {
    if (selected && !state.units.some((u) => u.name === selected.name)) selected = null;
  }
  renderTop();
  showBoard(b.data);
  // the unit selected moved by another's action (a bot, the other side, a
  // retreat): kept in view; the board is not moved otherwise
  if (selected && at === null && hexOf(state, selected.name) && hexOf(state, selected.name) !== was) centreUnit(selected.name);
  if (selected && at === null) await selectUnit(selected.name);
  if (seq !== refreshes) return;
  await loadLog(seq);
  if (seq !== refreshes) return;
  decisionDialog();
}

// the action shown is set at once, so that a second step counts from it
// even before the first is drawn; a later step wins over an earlier one
let replays = 0;
async function replayAt(n) {
  const seq = ++replays;
  n = Math.max(0, n);
  at = n;
  const live = await api("GET", "status");
  if (seq !== replays) return;
  const max = live.data.actions + (live.data.pending ? 1 : 0);
  n = Math.min(max, n);
  at = n === live.data.actions && !live.data.pending ? null : n;
  selected = null;
  clearReach();
  $("rp-at").value = n;
  await refresh();
}

// ------------------------------------------------------------ events

const follow = { busy: false };

function wire() {
  const wrap = $("board-wrap");
  let drag = null, moved = false;
  wrap.addEventListener("pointerdown", (e) => {
    if (e.target.closest("#zoom")) return;
    drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y };
    moved = false;
  });
  window.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) { moved = true; dragging = true; wrap.classList.add("dragging"); }
    if (moved) { view.x = drag.vx + dx; view.y = drag.vy + dy; applyView(); }
  });
  window.addEventListener("pointerup", () => { drag = null; dragging = false; wrap.classList.remove("dragging"); });
  wrap.addEventListener("wheel", (e) => {
    e.preventDefault();
    const b = wrap.getBoundingClientRect();
    zoomAt(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - b.left, e.clientY - b.top);
  }, { passive: false });
  $("zoom-in").onclick = () => { const b = wrap.getBoundingClientRect(); zoomAt(1.25, b.width / 2, b.height / 2); };
  $("zoom-out").onclick = () => { const b = wrap.getBoundingClientRect(); zoomAt(0.8, b.width / 2, b.height / 2); };
  $("zoom-fit").onclick = fit;
  $("board").addEventListener("click", (e) => {
    if (moved) return;
    if (pick && at === null && pickClick(e)) return;
    const u = e.target.closest("[data-unit]");
    const arrow = e.target.closest("#facing-arrows");
    const hex = arrow ? $("board").querySelector(`polygon.hex[data-hex="${CSS.escape(arrow.dataset.hex)}"]`)
      : e.target.closest("polygon.hex");
    if (hex && selected && at === null && !pick) {
      // a reachable hex: the path order there, with the facing of the side
      // clicked (its arrow), or the cheapest way in its middle
      const d = selected.reach.find((x) => x.hex === hex.dataset.hex);
      if (d) {
        const f = facingAt(d.hex, e);
        const x = f && (d.facings || []).find((y) => y.facing === f);
        act(selected.side, x ? x.line : d.line);
        return;
      }
    }
    if (u && compose && at === null && composeClick(u.dataset.unit)) return;
    if (u) { if (compose) endCompose(); if (pick) endPick(); selectUnit(u.dataset.unit); return; }
    selected = null;
    clearReach();
    endCompose();
    endPick();
  });
  // over a reachable hex: its facings as arrows on its sides (a click on
  // one moves there facing that way; the middle takes the cheapest)
  let hover = "";
  $("board").addEventListener("pointermove", (e) => {
    if (!selected || pick || at !== null || drag) return;
    const arrow = e.target.closest("#facing-arrows");
    const label = arrow ? arrow.dataset.hex : (e.target.closest("polygon.hex") || { dataset: {} }).dataset.hex;
    const d = label && selected.reach.find((x) => x.hex === label);
    const key = d ? d.hex + "/" + facingAt(d.hex, e) : "";
    if (key === hover) return;
    hover = key;
    if (!d || !d.facings || d.facings.length < 2) {
      const fa = $("board").querySelector("#facing-arrows");
      if (fa) fa.remove();
      return;
    }
    drawFacings(d.hex, d.facings.map((x) => ({ facing: x.facing, best: x.facing === d.facing,
      title: `${x.line}: ${x.cost_shown !== undefined ? x.cost_shown : x.cost}` })), facingAt(d.hex, e));
  });
  // a typed order: its first unit brought into view with its odds
  const typed = () => {
    const w = $("order-line").value.trim().split(/\s+/);
    const u = unitsNamed(w.slice(1).join(" ")).find((x) => x.hex);
    if (u) centreUnit(u.name);
    showOdds();
  };
  $("order-odds").onclick = typed;
  // the find box: a unit's name (its list: every unit's) selects it and
  // brings its counter into view
  const find = () => {
    const v = $("find-unit").value.trim();
    const u = state && (state.units.find((x) => x.name === v) ||
      state.units.find((x) => x.name.toLowerCase() === v.toLowerCase()));
    if (!u) { if (v) toast("no unit " + v); return; }
    $("find-unit").value = u.name;
    if (compose) endCompose();
    if (pick) endPick();
    selectUnit(u.name, true);
  };
  $("find-unit").addEventListener("input", () => {   // a name chosen in the list, or typed whole
    if (state && state.units.some((x) => x.name === $("find-unit").value)) find();
  });
  $("find-unit").addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); find(); } });
  $("compose-cancel").onclick = () => { endCompose(); endPick(); $("odds").replaceChildren(); };
  $("order-do").onclick = () => act($("order-side").value, $("order-line").value.trim());
  $("order-line").addEventListener("keydown", (e) => { if (e.key === "Enter") typed(); });
  $("undo").onclick = async () => {
    const r = await api("POST", "undo", {});
    if (!r.ok) { toast(refusal(r.data)); return; }
    toast("took back: " + r.data.taken.join("; "), true);
    unselect();
    at = null;
    refresh();
  };
  $("rp-first").onclick = () => replayAt(0);
  $("rp-back").onclick = () => replayAt((at === null ? state.actions : at) - 1);
  $("rp-fwd").onclick = () => replayAt((at === null ? state.actions : at) + 1);
  $("rp-at").onchange = () => replayAt(parseInt($("rp-at").value, 10) || 0);
  $("rp-at").addEventListener("keydown", (e) => { if (e.key === "Enter") replayAt(parseInt($("rp-at").value, 10) || 0); });
  $("rp-turn").addEventListener("keydown", (e) => { if (e.key === "Enter") $("rp-turn").onchange(); });
  $("rp-live").onclick = () => { replays++; at = null; refresh(); };
  $("rp-turn").onchange = async () => {
    const t = parseInt($("rp-turn").value, 10);
    const r = await api("GET", "log");
    if (!r.ok) return;
    const a = r.data.actions.find((x) => x.turn === t);
    if (a) replayAt(a.n); else toast("no action in turn " + t);
  };
  // another window or program may play too (hot-seat, two browsers), and
  // bots play in the background: follow the live game when it moves
  // (often while a bot is at work)
  let last = 0;
  setInterval(async () => {
    if (at !== null || !state || document.hidden || follow.busy) return;
    const now = Date.now();
    if (!state.bot_busy && now - last < 2000) return;
    last = now;
    follow.busy = true;
    try {
      const r = await api("GET", "status");
      if (r.ok && (r.data.checksum !== state.checksum || r.data.actions !== state.actions ||
                   r.data.bot_busy !== state.bot_busy || r.data.bot_error !== state.bot_error ||
                   JSON.stringify(r.data.pending) !== JSON.stringify(state.pending))) await refresh();
    } finally { follow.busy = false; }
  }, 250);
  $("bot-step").onclick = async () => {
    const r = await api("POST", "step", {});
    if (!r.ok) { toast(r.data.error); return; }
    afterAction(r.data);
  };
  $("bot-play").onclick = async () => {
    const r = await api("POST", "bots", { play: !state.bot_play, delay: parseInt($("bot-speed").value, 10) });
    if (!r.ok) toast(r.data.error);
    refresh();
  };
  $("bot-speed").onchange = async () => {
    await api("POST", "bots", { delay: parseInt($("bot-speed").value, 10) });
    refresh();
  };
  $("marks").onchange = () => refresh();
  window.addEventListener("resize", () => {});
}

wire();
refresh();
