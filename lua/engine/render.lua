-- The position of a game drawn as SVG: flat-topped hexes in columns,
-- terrain, hexside features, place names, counters with their facing,
-- leaders, banners, the units off the map, the turn and the result.
--
-- Output is deterministic: the same game gives the same bytes (units in
-- id order, hexes in grid order, numbers printed with fixed precision).
-- A ruleset may give its own palette in a module named `render` with the
-- tables `terrain_colors` (terrain name -> colour) and `side_colors`
-- (side -> colour); the module is optional.
local util = require "engine.util"
local rolesmod = require "engine.roles"

local M = {}

local SQRT3 = math.sqrt(3)

M.TERRAIN_COLORS = {
  clear = "#eae6c8", forest = "#86ad6a", woods = "#86ad6a", village = "#d9b88f", town = "#d9b88f",
  swamp = "#a9c4b4", marsh = "#a9c4b4", hill = "#d8c38a", rough = "#cdbf9c", lake = "#8ec0e6",
  fortification = "#b9aea4", camp = "#d6c7b0", field = "#e2dcae",
}
M.UNKNOWN_TERRAIN = "#d4d4d4"
M.SIDE_COLORS = { "#c0392b", "#2e5f9e", "#3f8f3f", "#c98a1b", "#7a4fa3", "#2f8f8f", "#8a5a3c", "#5c5c5c" }

-- Hexside features: how each is drawn.  `line` along the edge; `road`
-- from centre to centre across the edge; `mark` a sign on the edge.
local EDGE_STYLE = {
  river = { kind = "line", class = "river", order = 2 },
  stream = { kind = "line", class = "stream", order = 3 },
  wall = { kind = "line", class = "wall", order = 4 },
  fence = { kind = "line", class = "fence", order = 5 },
  slope = { kind = "line", class = "slope", order = 6 },
  road = { kind = "road", class = "road", order = 1 },
  bridge = { kind = "mark", class = "bridge", order = 7 },
  ford = { kind = "mark", class = "ford", order = 8 },
  gate = { kind = "mark", class = "gate", order = 9 },
}

local CSS = [[
text{font-family:"DejaVu Sans",Verdana,Arial,sans-serif}
.hex{stroke:#7d7a6a;stroke-width:0.6}
.hl{fill:#5d5a4c;text-anchor:middle}
.place{fill:#3a2a12;text-anchor:middle;font-style:italic;font-weight:bold}
.halo{stroke:#fffdf2;stroke-width:3;stroke-linejoin:round;fill:#fffdf2;opacity:0.85}
.river{stroke:#3b7fc4;stroke-linecap:round;fill:none}
.stream{stroke:#5da0dc;stroke-linecap:round;fill:none}
.wall{stroke:#6b6158;stroke-linecap:round;fill:none}
.fence{stroke:#6e4b26;fill:none}
.slope{stroke:#8a6b3a;fill:none}
.other{stroke:#7a2a7a;fill:none}
.contour{stroke:#7a5a2e;stroke-linecap:round;opacity:0.75}
.road{stroke:#9b6a35;stroke-linecap:round;fill:none}
.bridge{fill:#c4a070;stroke:#4a3216}
.ford{fill:#e3cf96;stroke:#5a4520}
.gate{fill:#4a3216;stroke:#f2e6c4}
.ctr{stroke:#1e1e1e}
.cname{text-anchor:middle;font-weight:bold}
.csp{text-anchor:middle;font-weight:bold}
.cattr{text-anchor:middle}
.face{stroke:#1e1e1e;stroke-linejoin:round}
.mark{text-anchor:middle;font-weight:bold}
.ldr{stroke:#1e1e1e}
.title{font-weight:bold;fill:#222}
.sub{fill:#333}
.panel{fill:#f7f5ec;stroke:#9a968a}
.ptext{fill:#222}
]]

-- (the control characters XML 1.0 does not allow, which a rule's string
-- may hold, become U+FFFD: a drawing with one would not load at all)
local function esc(s)
  return ((tostring(s):gsub("[&<>\"']", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;",
                                          ['"'] = "&quot;", ["'"] = "&#39;" })
    :gsub("[%z\1-\8\11\12\14-\31]", "\239\191\189")))
end

-- Fixed-precision numbers: the same bytes on every run and platform.
-- Kept per number: a drawing writes the same coordinates many times (the
-- corners of hexes in one column or row); the memo is emptied when large.
local fmemo, fmemo_n = {}, 0
local function f(x)
  local s = fmemo[x]
  if s then return s end
  s = string.format("%.1f", x)
  if s == "-0.0" then s = "0.0" end
  s = s:gsub("%.0$", "")
  if x == x then               -- not NaN (no table key)
    if fmemo_n >= 65536 then fmemo, fmemo_n = {}, 0 end
    fmemo[x], fmemo_n = s, fmemo_n + 1
  end
  return s
end

local function hexcolor(c)
  local r, g, b = c:match("^#(%x%x)(%x%x)(%x%x)$")
  if not r then
    local r1, g1, b1 = c:match("^#(%x)(%x)(%x)$")
    if not r1 then return nil end
    r, g, b = r1 .. r1, g1 .. g1, b1 .. b1
  end
  return tonumber(r, 16), tonumber(g, 16), tonumber(b, 16)
end

-- Mix colour c toward colour d by t (0..1); named colours are left alone.
local function mix(c, d, t)
  local r, g, b = hexcolor(c)
  local r2, g2, b2 = hexcolor(d)
  if not r or not r2 then return c end
  local function m(x, y) return math.floor(x + (y - x) * t + 0.5) end
  return string.format("#%02x%02x%02x", m(r, r2), m(g, g2), m(b, b2))
end

-- A text colour that reads on background c.
local function ink(c)
  local r, g, b = hexcolor(c)
  if not r then return "#000000" end
  return (0.299 * r + 0.587 * g + 0.114 * b) > 150 and "#111111" or "#ffffff"
end

local function ruleset_palette(g)
  local mods = g.rs and g.rs.modules
  local ok, rm = pcall(function() return mods and mods.render end)
  if not ok or type(rm) ~= "table" then return {}, {} end
  local tc, sc = {}, {}
  -- the rules' tables are read raw (no metamethod of theirs runs here)
  local field = require("engine.ruleset").rawfield
  local t1, t2 = field(rm, "terrain_colors"), field(rm, "side_colors")
  if type(t1) == "table" then
    for _, name in ipairs(g.terrain_names or {}) do
      local c = field(t1, name)
      if type(c) == "string" then tc[name] = c end
    end
  end
  if type(t2) == "table" then
    for _, s in ipairs(g.sides or {}) do
      local c = field(t2, s)
      if type(c) == "string" then sc[s] = c end
    end
  end
  return tc, sc
end

-- Short text for a unit's condition ("disorganized" -> "D").
local function condition_mark(v)
  if type(v) ~= "string" or v == "" or v == "normal" or v == "good" then return nil end
  return v:sub(1, 1):upper()
end

local FACING_INDEX = {}
for i, n in ipairs(util.FACINGS) do FACING_INDEX[n] = i - 1 end

--[[
M.svg(g, { scale = hex radius in px (default 40) }) -> string
--]]
function M.svg(g, opts)
  opts = opts or {}
  local R = tonumber(opts.scale) or 40
  if R < 8 then R = 8 end
  local H = SQRT3 * R               -- hex height (flat to flat)
  -- the map in play: the printed map as the rules have changed it
  local map = g.current_map and g:current_map() or g.map
  local grid = map:grid()
  local out = {}
  local function w(...) out[#out + 1] = table.concat({ ... }) end

  -- palettes
  local rs_terrain, rs_side = ruleset_palette(g)
  local side_color, side_index = {}, {}
  for i, s in ipairs(g.sides) do
    side_index[s] = i
    side_color[s] = rs_side[s] or M.SIDE_COLORS[(i - 1) % #M.SIDE_COLORS + 1]
  end
  local function color_of_side(s) return side_color[s] or "#777777" end
  local function terrain_color(name)
    return rs_terrain[name] or (name and M.TERRAIN_COLORS[name]) or M.UNKNOWN_TERRAIN
  end

  -- geometry
  local margin = math.floor(R * 0.6 + 0.5)
  local title_h = math.floor(R * 1.4 + 18)
  local function is_down(col)
    local odd = col % 2 ~= 0
    if grid.parity == "even-down" then return not odd end
    return odd
  end
  local ox = margin + R
  local oy = title_h + margin + H / 2
  local function centre(h)
    return ox + (h.col - grid.col0) * 1.5 * R, oy + (h.row - grid.row0) * H + (is_down(h.col) and H / 2 or 0)
  end
  local map_w = (grid.width - 1) * 1.5 * R + 2 * R
  local map_h = grid.height * H + H / 2
  -- corners: k = 0 east, then clockwise on screen (y grows downward)
  local COS, SIN = {}, {}
  for k = 0, 5 do
    local a = math.rad(60 * k)
    COS[k], SIN[k] = math.cos(a), math.sin(a)
  end
  local function corner(x, y, k, r)
    return x + (r or R) * COS[k], y + (r or R) * SIN[k]
  end
  -- the edge in direction d (0 = N .. 5 = NW) runs from corner 4+d to 5+d
  local function edge_points(x, y, d, r)
    local x1, y1 = corner(x, y, (4 + d) % 6, r)
    local x2, y2 = corner(x, y, (5 + d) % 6, r)
    return x1, y1, x2, y2
  end
  -- unit vector from the centre toward the middle of edge d
  local function dirvec(d)
    local a = math.rad(-90 + 60 * d)
    return math.cos(a), math.sin(a)
  end

  -- the side panel: units off the map
  local units = g:units_table()
  -- what the ruleset's roles make of a unit: its strength, and whether it
  -- is a leader or a marker (drawn as a flag) rather than a counter
  local roles = rolesmod.of(g)
  local function sp_of(u) return u[roles.strength] end
  local function is_leader(u) return roles.leader[u.kind] == true end
  local function is_marker(u) return roles.marker[u.kind] == true end
  local onmap, offmap = {}, {}
  for _, u in ipairs(units) do
    if u.hex and map:contains(bitwa.hex.parse(u.hex)) then onmap[#onmap + 1] = u
    else offmap[#offmap + 1] = u end
  end
  local arriving = {}
  for _, r in ipairs((g.scenario and g.scenario.reinforcements) or {}) do
    for _, n in ipairs(r.units or {}) do
      if not arriving[n] then
        arriving[n] = "turn " .. r.turn .. ((r.at and r.at[1]) and (" at " .. r.at[1].label ..
          (#r.at > 1 and "…" or "")) or "")
      end
    end
  end
  -- the side panel's lines: the sides, then the units off the map
  local sc = g.scenario or {}
  local panel = {}
  local function pline(dx, text, extra, swatch, sw, gap)
    panel[#panel + 1] = { dx = dx, text = text, extra = extra, swatch = swatch, sw = sw, gap = gap }
  end
  pline(8, "Sides", ' font-weight="bold"')
  for _, sd in ipairs(g.sides) do
    local n, total = 0, 0
    for _, u in ipairs(onmap) do
      if u.side == sd and not is_leader(u) and not is_marker(u) then
        n = n + 1; total = total + (tonumber(sp_of(u)) or 0)
      end
    end
    local vp = g.state:var("vp." .. sd)
    local sname = (sc.side_names and sc.side_names[sd]) or sd
    pline(26, sd .. (sname ~= sd and (" — " .. sname) or ""), nil, color_of_side(sd), 12)
    pline(26, n .. " units, " .. total .. " " .. roles.label .. " on the map" .. (vp ~= nil and (", VP " .. tostring(vp)) or ""),
      ' fill="#444"')
  end
  -- the ruleset's tracks and stocks (manifest panel = { { label, var } }):
  -- only the variables holding a number or a string are shown
  local panel_rows = {}
  for _, p in ipairs(g.rs.manifest.panel or {}) do
    local v = g.state:var(p[2])
    if math.type(v) or type(v) == "string" then panel_rows[#panel_rows + 1] = p[1] .. ": " .. tostring(v) end
  end
  if #panel_rows > 0 then
    pline(8, "Tracks", ' font-weight="bold"', nil, nil, 4)
    for _, t in ipairs(panel_rows) do pline(16, t, ' fill="#444"') end
  end
  pline(8, "Off the map", ' font-weight="bold"', nil, nil, 4)
  if #offmap == 0 then pline(16, "none", ' fill="#666"') end
  for _, sd in ipairs(g.sides) do
    for _, u in ipairs(offmap) do
      if u.side == sd then
        local field = not is_leader(u) and not is_marker(u)
        pline(24, u.name .. " (" .. tostring(u.kind):gsub("_", " ") ..
          ((field and sp_of(u) ~= nil) and (", " .. tostring(sp_of(u)) .. " " .. roles.label) or "") .. ")",
          ' data-unit="' .. esc(u.name) .. '" data-side="' .. esc(u.side) .. '"', color_of_side(sd), 10)
        if arriving[u.name] then pline(34, "arrives " .. arriving[u.name], ' fill="#555" font-style="italic"') end
      end
    end
  end
  for _, u in ipairs(offmap) do
    if not side_index[u.side] then pline(24, u.name .. " (" .. tostring(u.side) .. ")") end
  end
  local panel_w = math.max(230, math.floor(R * 5))
  for _, l in ipairs(panel) do
    panel_w = math.max(panel_w, math.floor(l.dx + 12 * 0.62 * (utf8.len(l.text) or #l.text) + 14))
  end
  local panel_x = margin + map_w + margin
  local width = math.floor(panel_x + panel_w + margin + 0.5)
  local height = math.floor(title_h + margin + map_h + margin + 0.5)
  local line_h = 15
  height = math.max(height, math.floor(title_h + margin + (#panel + 1) * line_h + 8 + 2 * margin))

  w('<?xml version="1.0" encoding="UTF-8"?>\n')
  w('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="', width,
    '" height="', height, '" viewBox="0 0 ', width, ' ', height, '">\n')
  w('<style>', CSS, '</style>\n')
  -- terrain symbols, drawn for a hex of radius 40 and scaled to R
  local s = R / 40
  w('<defs>\n')
  w('<g id="sym-forest" fill="#4f7d3a" stroke="#35582a" stroke-width="0.8">',
    '<circle cx="', f(-11 * s), '" cy="', f(4 * s), '" r="', f(6 * s), '"/>',
    '<circle cx="', f(10 * s), '" cy="', f(6 * s), '" r="', f(5.5 * s), '"/>',
    '<circle cx="', f(0), '" cy="', f(13 * s), '" r="', f(5 * s), '"/></g>\n')
  w('<g id="sym-village" fill="#8c5a3c" stroke="#4a2e1c" stroke-width="0.6">',
    '<rect x="', f(-12 * s), '" y="', f(5 * s), '" width="', f(7 * s), '" height="', f(6 * s), '"/>',
    '<rect x="', f(3 * s), '" y="', f(3 * s), '" width="', f(8 * s), '" height="', f(6 * s), '"/>',
    '<rect x="', f(-4 * s), '" y="', f(12 * s), '" width="', f(7 * s), '" height="', f(5 * s), '"/></g>\n')
  w('<g id="sym-swamp" stroke="#4d7a6a" stroke-width="', f(1.3 * s), '" fill="none">',
    '<path d="M', f(-14 * s), ' ', f(6 * s), 'h', f(9 * s), 'M', f(2 * s), ' ', f(5 * s), 'h', f(11 * s),
    'M', f(-8 * s), ' ', f(12 * s), 'h', f(10 * s), 'M', f(5 * s), ' ', f(15 * s), 'h', f(7 * s), '"/></g>\n')
  w('<g id="sym-hill" stroke="#8a6b3a" stroke-width="', f(1.3 * s), '" fill="none">',
    '<path d="M', f(-14 * s), ' ', f(14 * s), 'q', f(7 * s), ' ', f(-10 * s), ' ', f(14 * s), ' 0',
    'M', f(0), ' ', f(14 * s), 'q', f(7 * s), ' ', f(-10 * s), ' ', f(14 * s), ' 0"/></g>\n')
  w('<g id="sym-fortification" fill="none" stroke="#4e463e" stroke-width="', f(1.6 * s), '">',
    '<path d="M', f(-14 * s), ' ', f(12 * s), 'h', f(4 * s), 'v', f(-4 * s), 'h', f(4 * s), 'v', f(4 * s),
    'h', f(4 * s), 'v', f(-4 * s), 'h', f(4 * s), 'v', f(4 * s), 'h', f(4 * s), 'v', f(-4 * s), 'h', f(4 * s),
    'v', f(4 * s), 'h', f(4 * s), '"/></g>\n')
  w('<g id="sym-lake" stroke="#ffffff" stroke-width="', f(1.1 * s), '" fill="none" opacity="0.8">',
    '<path d="M', f(-12 * s), ' ', f(8 * s), 'q', f(3 * s), ' ', f(-3 * s), ' ', f(6 * s), ' 0t', f(6 * s),
    ' 0t', f(6 * s), ' 0M', f(-6 * s), ' ', f(14 * s), 'q', f(3 * s), ' ', f(-3 * s), ' ', f(6 * s), ' 0t',
    f(6 * s), ' 0"/></g>\n')
  w('</defs>\n')
  local symbols = { forest = "sym-forest", woods = "sym-forest", village = "sym-village", town = "sym-village",
                    swamp = "sym-swamp", marsh = "sym-swamp", hill = "sym-hill",
                    fortification = "sym-fortification", lake = "sym-lake" }

  w('<rect x="0" y="0" width="', width, '" height="', height, '" fill="#fbfaf4"/>\n')

  -- title
  local info = g:phase_info()
  local title = (sc.title and sc.title ~= "") and sc.title or (sc.id or "game")
  local fs_title = math.max(14, math.floor(R * 0.5))
  local fs_sub = math.max(11, math.floor(R * 0.32))
  w('<text class="title" x="', margin, '" y="', f(margin + fs_title), '" font-size="', fs_title, '">',
    esc(title), '</text>\n')
  local sub = "turn " .. g:turn() .. (g.turns and ("/" .. g.turns) or "") .. ", phase " .. info.name
  local acting = g:acting_sides()
  if #acting > 0 then sub = sub .. ", " .. table.concat(acting, ", ") .. " to act" end
  sub = sub .. "  ·  " .. (g.rs and g.rs.name or "") .. ", seed " .. tostring(g.seed) .. ", " ..
    math.max(g.n or 0, 0) .. " actions"
  w('<text class="sub" x="', margin, '" y="', f(margin + fs_title + fs_sub + 6), '" font-size="', fs_sub, '">',
    esc(sub), '</text>\n')
  local res = g:result()
  local req = g:pending_request()
  local line3
  if res then
    local vp = {}
    for _, k in ipairs(g.sides) do vp[#vp + 1] = k .. " " .. tostring(res.vp[k] or 0) end
    line3 = "Game over: " .. (res.winner ~= "" and (res.winner .. " wins") or "no winner") ..
      (res.level ~= "" and (" (" .. res.level .. ")") or "") .. " — VP " .. table.concat(vp, ", ") ..
      (res.reason ~= "" and (" — " .. res.reason) or "")
  elseif req then
    line3 = "Waiting for " .. tostring(req.side) .. ": " .. tostring(req.prompt) ..
      " [" .. table.concat(req.options or {}, " | ") .. "]"
  end
  if line3 then
    w('<text class="sub" x="', margin, '" y="', f(margin + fs_title + 2 * fs_sub + 12), '" font-size="', fs_sub,
      '" font-weight="bold" fill="', res and "#8b1a1a" or "#333", '">', esc(line3), '</text>\n')
  end

  -- hexes
  local hexes = map:hexes()
  local tnames = g.terrain_names or {}
  local cx, cy = {}, {}
  w('<g id="hexes">\n')
  -- a hex's fill and its terrain's name in the text, kept per terrain
  -- and elevation (a map has few of each)
  local fills, tname_text, elev_of = {}, {}, {}
  local hex_label, hex_tid = {}, {}        -- by the hexes' order
  -- the texts of the six corners' coordinates along one axis, kept per
  -- centre coordinate (hexes of a column share their x, of a row their y)
  local xs_of, ys_of = {}, {}
  local function axis(memo, v, T)
    local c = memo[v]
    if not c then
      c = {}
      for k = 0, 5 do c[k + 1] = f(v + R * T[k]) end
      memo[v] = c
    end
    return c
  end
  for i, h in ipairs(hexes) do
    local label = h.label
    local x, y = centre(h)
    cx[label], cy[label] = x, y
    local tid = map:terrain(h)
    local elev = map:elevation(h)
    elev_of[label], hex_label[i], hex_tid[i] = elev, label, tid
    local by_elev = fills[tid]
    if not by_elev then by_elev = {}; fills[tid] = by_elev; tname_text[tid] = esc(tnames[tid + 1] or "?") end
    local fill = by_elev[elev]
    if not fill then
      fill = terrain_color(tnames[tid + 1])
      if elev > 0 then fill = mix(fill, "#6b4f2a", math.min(0.5, 0.14 * elev))
      elseif elev < 0 then fill = mix(fill, "#2f5f7f", math.min(0.5, -0.12 * elev)) end
      by_elev[elev] = fill
    end
    -- corner(x, y, k) for k = 0 .. 5
    local X, Y = axis(xs_of, x, COS), axis(ys_of, y, SIN)
    out[#out + 1] = '<polygon class="hex" data-hex="' .. label .. '" data-terrain="' .. tname_text[tid] ..
      '" points="' .. X[1] .. "," .. Y[1] .. " " .. X[2] .. "," .. Y[2] .. " " .. X[3] .. "," .. Y[3] .. " " ..
      X[4] .. "," .. Y[4] .. " " .. X[5] .. "," .. Y[5] .. " " .. X[6] .. "," .. Y[6] ..
      '" fill="' .. fill .. '"/>\n'
  end
  w('</g>\n<g id="terrain">\n')
  for i = 1, #hexes do
    local label = hex_label[i]
    local tname = tnames[hex_tid[i] + 1]
    local sym = tname and symbols[tname]
    if sym then
      w('<use xlink:href="#', sym, '" x="', f(cx[label]), '" y="', f(cy[label]), '"/>\n')
    end
    local elev = elev_of[label]
    if elev ~= 0 then
      w('<text class="hl" x="', f(cx[label] + 0.62 * R), '" y="', f(cy[label] + 0.12 * R), '" font-size="',
        f(R * 0.2), '">', (elev > 0 and "+" or ""), elev, '</text>\n')
    end
  end
  w('</g>\n')

  -- hexside features, each edge once (dir N, NE, SE, and the map's rim)
  local layers = {}
  local edge_names = g.edge_names or {}
  local function layer(order) layers[order] = layers[order] or {} return layers[order] end
  local contour_width = f(math.max(1, R * 0.05))
  for i, h in ipairs(hexes) do
    local label = hex_label[i]
    local x, y, elev = cx[label], cy[label], elev_of[label]
    for d = 0, 5 do
      local n = map:neighbour(h, d)
      if d < 3 and n and (elev_of[n.label] or map:elevation(n)) ~= elev then
        -- a contour where the ground rises or falls
        local x1, y1, x2, y2 = edge_points(x, y, d)
        local L = layer(0)
        L[#L + 1] = '<line class="contour" x1="' .. f(x1) .. '" y1="' .. f(y1) .. '" x2="' .. f(x2) .. '" y2="' ..
          f(y2) .. '" stroke-width="' .. contour_width .. '"/>'
      end
      if d < 3 or not n then
        local bits = map:edge(h, d)
        if bits ~= 0 then
          for i, name in ipairs(edge_names) do
            if bits & (1 << (i - 1)) ~= 0 then
              local st = EDGE_STYLE[name] or { kind = "line", class = "other", order = 10 }
              local L = layer(st.order)
              local x1, y1, x2, y2 = edge_points(x, y, d)
              local mx, my = (x1 + x2) / 2, (y1 + y2) / 2
              local ux, uy = dirvec(d)
              if st.kind == "line" then
                local sw = ({ river = 0.16, stream = 0.075, wall = 0.12, fence = 0.05, slope = 0.05 })[name] or 0.06
                local extra = ""
                if name == "fence" then extra = ' stroke-dasharray="' .. f(R * 0.08) .. ' ' .. f(R * 0.05) .. '"'
                elseif name == "slope" then extra = ' stroke-dasharray="' .. f(R * 0.04) .. ' ' .. f(R * 0.06) .. '"'
                elseif st.class == "other" then extra = ' stroke-dasharray="' .. f(R * 0.1) .. ' ' .. f(R * 0.06) .. '"' end
                L[#L + 1] = '<line class="' .. st.class .. '" data-edge="' .. esc(name) .. '" data-hex="' .. label ..
                  '" data-dir="' .. util.FACINGS[d + 1] .. '" x1="' .. f(x1) .. '" y1="' .. f(y1) .. '" x2="' ..
                  f(x2) .. '" y2="' .. f(y2) .. '" stroke-width="' .. f(R * sw) .. '"' .. extra .. '/>'
              elseif st.kind == "road" then
                local ex, ey = mx, my
                if n then ex, ey = cx[n.label], cy[n.label] end
                L[#L + 1] = '<line class="road" data-edge="road" data-hex="' .. label .. '" data-dir="' ..
                  util.FACINGS[d + 1] .. '" x1="' .. f(x) .. '" y1="' .. f(y) .. '" x2="' .. f(ex) .. '" y2="' ..
                  f(ey) .. '" stroke-width="' .. f(R * 0.1) .. '"/>'
              elseif name == "bridge" then
                -- a deck across the edge, along the crossing
                local lx, ly = ux * R * 0.3, uy * R * 0.3
                local px, py = -uy * R * 0.13, ux * R * 0.13
                local pts = {
                  f(mx - lx + px) .. "," .. f(my - ly + py), f(mx + lx + px) .. "," .. f(my + ly + py),
                  f(mx + lx - px) .. "," .. f(my + ly - py), f(mx - lx - px) .. "," .. f(my - ly - py) }
                L[#L + 1] = '<polygon class="bridge" data-edge="bridge" data-hex="' .. label .. '" points="' ..
                  table.concat(pts, " ") .. '" stroke-width="' .. f(R * 0.035) .. '"/>'
              elseif name == "ford" then
                -- stepping stones across the edge
                local sx, sy = ux * R * 0.17, uy * R * 0.17
                for k = -1, 1 do
                  L[#L + 1] = '<circle class="ford" data-edge="ford" data-hex="' .. label .. '" cx="' ..
                    f(mx + k * sx) .. '" cy="' .. f(my + k * sy) .. '" r="' .. f(R * 0.065) ..
                    '" stroke-width="' .. f(R * 0.025) .. '"/>'
                end
              elseif name == "gate" then
                local ex, ey = (x2 - x1) * 0.22, (y2 - y1) * 0.22
                local px, py = ux * R * 0.07, uy * R * 0.07
                local pts = {
                  f(mx - ex - px) .. "," .. f(my - ey - py), f(mx + ex - px) .. "," .. f(my + ey - py),
                  f(mx + ex + px) .. "," .. f(my + ey + py), f(mx - ex + px) .. "," .. f(my - ey + py) }
                L[#L + 1] = '<polygon class="gate" data-edge="gate" data-hex="' .. label .. '" points="' ..
                  table.concat(pts, " ") .. '" stroke-width="' .. f(R * 0.025) .. '"/>'
              end
            end
          end
        end
      end
    end
  end
  w('<g id="edges">\n')
  for _, order in ipairs(util.sorted_keys(layers)) do
    for _, l in ipairs(layers[order]) do w(l, '\n') end
  end
  w('</g>\n')

  -- units on the map, grouped by hex
  local by_hex, hex_order = {}, {}
  for _, u in ipairs(onmap) do
    if not by_hex[u.hex] then by_hex[u.hex] = { field = {}, leaders = {}, banners = {} }; hex_order[#hex_order + 1] = u.hex end
    local grp = by_hex[u.hex]
    if is_leader(u) then grp.leaders[#grp.leaders + 1] = u
    elseif is_marker(u) then grp.banners[#grp.banners + 1] = u
    else grp.field[#grp.field + 1] = u end
  end
  -- hex labels and place names
  -- (a hex whose units face north has them drawn a little lower and its
  -- number moved left, so that the facing mark clears the number)
  local faces_north = {}
  for _, u in ipairs(onmap) do
    if u.facing == "N" and not is_marker(u) then faces_north[u.hex] = true end
  end
  w('<g id="labels">\n')
  local fs_hl = f(math.max(6, R * 0.21))
  for i = 1, #hexes do
    local label = hex_label[i]
    local lx = cx[label] - (faces_north[label] and R * 0.3 or 0)
    out[#out + 1] = '<text class="hl" x="' .. f(lx) .. '" y="' .. f(cy[label] - H / 2 + R * 0.27) ..
      '" font-size="' .. fs_hl .. '">' .. label .. '</text>\n'
  end
  local fs_place = f(math.max(9, R * 0.3))
  for _, lbl in ipairs(util.sorted_keys(g.map_labels or {})) do
    local x, y = cx[lbl], cy[lbl]
    if x then
      local text = esc(g.map_labels[lbl])
      local ty = y + H / 2 - R * 0.14
      w('<text class="place halo" x="', f(x), '" y="', f(ty), '" font-size="', fs_place, '">', text, '</text>')
      w('<text class="place" x="', f(x), '" y="', f(ty), '" font-size="', fs_place, '">', text, '</text>\n')
    end
  end
  w('</g>\n')


  -- a name that fits `room` px: the font shrinks down to `min`, then the
  -- middle of the name gives way to an ellipsis, keeping the end that
  -- tells units apart ("Sieradz-2" -> "Siera…-2"); a bold character is
  -- at most about 0.68 em wide
  local function fit(text, base, room, min)
    local n = utf8.len(text)
    if not n then text = text:gsub("[\128-\255]", "?"); n = #text end
    local size = math.min(base, room / (0.68 * math.max(n, 1)))
    if size >= min then return text, size end
    local keep = math.max(1, math.floor(room / (0.68 * min)) - 1)
    local function head(t, k) return t:sub(1, (utf8.offset(t, k + 1) or (#t + 1)) - 1) end
    local tail = text:match("[%-/_ %.]%w+$") or text:match("%d+$")
    if tail and #tail <= keep - 2 then
      return head(text, keep - #tail) .. "…" .. tail, min
    end
    return head(text, keep) .. "…", min
  end
  local function facing_mark(u, x, y, reach, col, scale)
    local fi = u.facing and FACING_INDEX[u.facing]
    if not fi then return end
    scale = scale or 1
    local ux, uy = dirvec(fi)
    local px, py = -uy, ux
    local b, t, hw = reach * 0.7, reach + R * 0.27 * scale, R * 0.17 * scale
    w('<polygon class="face" data-unit="', esc(u.name), '" points="',
      f(x + ux * b + px * hw), ',', f(y + uy * b + py * hw), ' ',
      f(x + ux * t), ',', f(y + uy * t), ' ',
      f(x + ux * b - px * hw), ',', f(y + uy * b - py * hw), '" fill="', col, '" stroke-width="',
      f(math.max(0.6, R * 0.025)), '"/>\n')
  end
  local function counter_body(u, x, y, size)
    local col = color_of_side(u.side)
    local fg = ink(col)
    local half = size / 2
    w('<g class="unit" data-unit="', esc(u.name), '" data-side="', esc(u.side), '">')
    w('<rect class="ctr" x="', f(x - half), '" y="', f(y - half), '" width="', f(size), '" height="', f(size),
      '" rx="', f(size * 0.08), '" fill="', col, '" stroke-width="', f(math.max(0.6, R * 0.03)), '"/>')
    -- the name on one line, or on two split between words ("St George",
    -- "GrandMarshal-1") when one line would be too small
    local full = tostring(u.name)
    local name, fs_name = fit(full, size * 0.27, size * 0.94, math.min(size * 0.27, 6))
    local sp_y = y + size * 0.17
    local cut
    if name ~= full then
      local mid = #full / 2
      local function consider(a, b)
        if a > 1 and b <= #full and (not cut or math.abs(a - mid) < math.abs(cut[1] - mid)) then cut = { a, b } end
      end
      for i in full:gmatch("() ") do consider(i, i + 1) end
      for i in full:gmatch("%l()%u") do consider(i, i) end
    end
    if cut then
      local l1, f1 = fit(full:sub(1, cut[1] - 1), size * 0.2, size * 0.94, math.min(size * 0.2, 5.5))
      local l2, f2 = fit(full:sub(cut[2]), size * 0.2, size * 0.94, math.min(size * 0.2, 5.5))
      local fs2 = math.min(f1, f2)
      local b1 = y - half + size * 0.04 + fs2 * 0.9
      w('<text class="cname" x="', f(x), '" y="', f(b1), '" font-size="', f(fs2), '" fill="', fg, '">', esc(l1),
        '</text>')
      w('<text class="cname" x="', f(x), '" y="', f(b1 + fs2), '" font-size="', f(fs2), '" fill="', fg, '">',
        esc(l2), '</text>')
      sp_y = y + size * 0.245
    else
      w('<text class="cname" x="', f(x), '" y="', f(y - half + size * 0.04 + fs_name * 0.95), '" font-size="',
        f(fs_name), '" fill="', fg, '">', esc(name), '</text>')
    end
    -- SP big in the middle, armour and charge factor (or the kind) below
    if sp_of(u) ~= nil then
      local fs_sp = cut and size * 0.27 or size * 0.36
      w('<text class="csp" x="', f(x), '" y="', f(sp_y), '" font-size="', f(fs_sp), '" fill="', fg, '">', esc(sp_of(u)),
        '</text>')
    end
    local attrs = {}
    if type(u.armour) == "number" and u.armour ~= 0 then attrs[#attrs + 1] = "A" .. u.armour end
    if type(u.cf) == "number" and u.cf ~= 0 then attrs[#attrs + 1] = "CF" .. u.cf end
    if #attrs == 0 and u.kind and u.kind ~= "" then attrs[1] = u.kind:gsub("_", " "):sub(1, 3) end
    local cm = condition_mark(u.condition)
    local at_size = cut and size * 0.18 or size * 0.2
    local at, fs_at = fit(table.concat(attrs, " "), at_size, size * (cm and 0.66 or 0.9), math.min(at_size, 5))
    if at ~= "" then
      w('<text class="cattr" x="', f(cm and x - size * 0.13 or x), '" y="', f(y + half - size * (cut and 0.05 or 0.07)),
        '" font-size="', f(fs_at), '" fill="', fg, '">', esc(at), '</text>')
    end
    -- a condition marker on the lower right corner
    if cm then
      local r = math.max(size * 0.18, 4)
      local mx, my = x + half - r * 0.2, y + half - r * 0.2
      local mcol = cm == "P" and "#e02020" or "#f2c200"
      w('<circle cx="', f(mx), '" cy="', f(my), '" r="', f(r), '" fill="', mcol,
        '" stroke="#111" stroke-width="0.7"/>')
      w('<text class="mark" x="', f(mx), '" y="', f(my + r * 0.45), '" font-size="', f(r * 1.3), '" fill="',
        cm == "P" and "#fff" or "#111", '">', esc(cm), '</text>')
    end
    w('</g>\n')
  end
  local function leader(u, x, y, r)
    local col = color_of_side(u.side)
    facing_mark(u, x, y, r, col, 0.6)
    w('<g class="leader" data-unit="', esc(u.name), '" data-side="', esc(u.side), '">')
    w('<circle class="ldr" cx="', f(x), '" cy="', f(y), '" r="', f(r), '" fill="', col, '" stroke-width="',
      f(math.max(0.6, R * 0.03)), '"/>')
    w('<circle cx="', f(x), '" cy="', f(y), '" r="', f(r * 0.82), '" fill="none" stroke="', ink(col),
      '" stroke-width="0.6"/>')
    -- the name across the circle, on a band when it is wider than the circle
    local name, fs = fit(tostring(u.name), r * 0.8, R * 0.75, math.min(r * 0.8, 5.5))
    local tw = 0.62 * fs * (utf8.len(name) or #name)
    if tw > r * 1.6 then
      w('<rect x="', f(x - tw / 2 - 1.5), '" y="', f(y - fs * 0.55), '" width="', f(tw + 3), '" height="',
        f(fs * 1.1), '" rx="2" fill="', col, '" stroke="#1e1e1e" stroke-width="0.5"/>')
    end
    w('<text class="cname" x="', f(x), '" y="', f(y + fs * 0.35), '" font-size="', f(fs), '" fill="', ink(col), '">',
      esc(name), '</text>')
    local cm = condition_mark(u.condition)
    if cm then
      w('<text class="mark" x="', f(x), '" y="', f(y + r * 0.8), '" font-size="', f(r * 0.5), '" fill="',
        ink(col), '">', esc(cm), '</text>')
    end
    w('</g>\n')
  end
  -- a flag on a pole whose foot is at (x, y); the name on the cloth
  local function banner(u, x, y, size, room)
    local col = color_of_side(u.side)
    -- a long name gives way to its last word ("TO-Banner-Order" -> "Order")
    local full = tostring(u.name)
    local name, fs = fit(full, size * 0.55, room or R * 0.8, math.min(size * 0.55, 5))
    local last = full:match("[%-/_ %.]([^%-/_ %.]+)$")
    if name ~= full and last then name, fs = fit(last, size * 0.55, room or R * 0.8, math.min(size * 0.55, 5)) end
    local fw = math.max(size * 0.9, 0.62 * fs * (utf8.len(name) or #name) + size * 0.35)
    local fh = size * 0.75
    local top = y - size * 1.3
    w('<g class="', u.kind == "banner" and "banner" or "marker", '" data-unit="', esc(u.name), '" data-side="',
      esc(u.side), '" data-kind="', esc(u.kind), '">')
    w('<line x1="', f(x), '" y1="', f(top), '" x2="', f(x), '" y2="', f(y),
      '" stroke="#3a2a12" stroke-width="', f(math.max(0.8, size * 0.08)), '"/>')
    w('<path d="M', f(x), ' ', f(top), 'h', f(fw), 'l', f(-size * 0.22), ' ', f(fh / 2), 'l', f(size * 0.22), ' ',
      f(fh / 2), 'h', f(-fw), 'z" fill="', col, '" stroke="#1e1e1e" stroke-width="0.6"',
      u.captured and ' stroke-dasharray="2 1"' or '', '/>')
    w('<text class="cattr" x="', f(x + (fw - size * 0.2) / 2), '" y="', f(top + fh / 2 + fs * 0.36), '" font-size="',
      f(fs), '" fill="', ink(col), '">', esc(name), '</text>')
    w('</g>\n')
    return fw
  end

  -- one hex: field counters in the middle; leaders and banners beside
  -- them (on the side away from the counters' facing), or along the
  -- lower rim under a stack
  w('<g id="units">\n')
  for _, lbl in ipairs(hex_order) do
    local grp = by_hex[lbl]
    local x, y = cx[lbl], cy[lbl]
    local n, nl, nb = #grp.field, #grp.leaders, #grp.banners
    local fy = faces_north[lbl] and y + R * 0.14 or y
    local west = grp.field[1] and (grp.field[1].facing == "SW" or grp.field[1].facing == "NW")
    local lside = west and 1 or -1     -- leaders on the left unless the counter faces west
    -- the facing wedges of a stack first, then its counters over them
    local placed = {}
    local function counter(u, px, py, size) placed[#placed + 1] = { u, px, py, size } end
    if n == 1 then
      if nl + nb > 0 then counter(grp.field[1], x - lside * R * 0.06, fy, R * 0.78)
      else counter(grp.field[1], x, fy, R * 0.9) end
    elseif n == 2 then
      local crowded = nl + nb > 0
      local size = crowded and R * 0.66 or R * 0.74
      local cy2 = crowded and y - R * 0.16 or fy
      counter(grp.field[1], x - size * 0.53, cy2, size)
      counter(grp.field[2], x + size * 0.53, cy2, size)
    elseif n >= 3 and n <= 4 then
      local size = R * 0.56
      local d = size * 0.53
      local pos = { { -d, -d }, { d, -d }, { -d, d }, { d, d } }
      for i, u in ipairs(grp.field) do counter(u, x + pos[i][1], y + R * 0.06 + pos[i][2], size) end
    elseif n > 4 then
      -- a cascade: each counter shows its top strip
      local size = R * 0.62
      local step = math.min(R * 0.2, (H * 0.72 - size) / (n - 1))
      for i, u in ipairs(grp.field) do
        local k = i - (n + 1) / 2
        counter(u, x + k * step * 0.5, y + R * 0.06 + k * step, size)
      end
    end
    for _, p in ipairs(placed) do facing_mark(p[1], p[2], p[3], p[4] / 2, color_of_side(p[1].side)) end
    for _, p in ipairs(placed) do counter_body(p[1], p[2], p[3], p[4]) end
    for i, u in ipairs(grp.leaders) do
      if n == 0 and nl == 1 then leader(u, x, fy, R * 0.36)
      elseif n <= 1 then
        -- beside the counter, one above the other
        local r = R * 0.2
        leader(u, x + lside * R * 0.7, y + (i - (nl + 1) / 2) * r * 2.1, r)
      else
        local r = R * 0.17
        local shift = nb > 0 and -R * 0.2 or 0
        leader(u, x + shift + (i - (nl + 1) / 2) * r * 2.4, y + H / 2 - r * 1.3, r)
      end
    end
    -- banners: beside a lone counter (opposite its leaders), else at
    -- the lower right of the stack
    local bx = x + (n <= 1 and nl <= 1 and -lside * R * 0.52 or R * 0.3)
    local by = (n <= 1 and nl <= 1) and y + R * 0.35 or y + H / 2 - R * 0.06
    if n <= 1 and nl <= 1 and lside > 0 then bx = x - R * 0.92 end
    if n >= 2 and nl > 0 then bx = x - R * 0.2 + nl * R * 0.2 + R * 0.1 end
    for i, u in ipairs(grp.banners) do
      local bs = (n <= 1 and nl <= 1) and R * 0.3 or R * 0.26
      banner(u, bx + (i - 1) * R * 0.08, by - (i - 1) * bs * 0.8, bs, R * 0.6)
    end
  end
  w('</g>\n')

  -- the side panel
  local px, py = panel_x, title_h + margin
  local ph = height - py - margin
  w('<g id="panel">\n')
  w('<rect class="panel" x="', f(px), '" y="', f(py), '" width="', panel_w, '" height="', f(ph), '" rx="4"/>\n')
  local ty = py + line_h + 4
  for _, l in ipairs(panel) do
    ty = ty + (l.gap or 0)
    if l.swatch then
      w('<rect x="', f(px + 8), '" y="', f(ty - 10), '" width="', l.sw, '" height="', l.sw, '" fill="', l.swatch,
        '" stroke="#1e1e1e" stroke-width="0.6"/>\n')
    end
    w('<text class="ptext" x="', f(px + l.dx), '" y="', f(ty), '" font-size="12"', l.extra or '', '>', esc(l.text),
      '</text>\n')
    ty = ty + line_h
  end
  w('</g>\n')
  w('</svg>\n')
  return table.concat(out)
end

-- Write the SVG of g to path.
function M.write(g, path, opts)
  local svg = M.svg(g, opts)
  local fh, err = io.open(path, "wb")
  if not fh then return nil, err end
  fh:write(svg)
  fh:close()
  return true
end

return M
