-- Catapults and Cannon (bombards either way): war machines ordered in the
-- missile phase, at a hex, and resolved with the missile fire at its end
-- ("all other artillery and missile fire takes effect simultaneously just
-- prior to melee resolution", Turn Sequence).  A machine is a counter
-- whose `weapon` names it and whose figures are its crew.  NOTES.md gives
-- the hex approximations:
-- * `catapult UNIT HEX`: light 15-30" (5-10 hexes), heavy 24-48" (8-16),
--   a bombard as a catapult up to 42"; indirect fire allowed; a light
--   catapult's 2" hit area kills 2/5 of the figures in the hex, rounded up,
--   a 3 1/2" one every figure in it;
-- * `cannon UNIT HEX short|long`: the ball flies along the line from the
--   gun through the aimed hex (bitwa.hex.ray) to full range, unless a
--   hill, wood or rampart stops it; the deviation die moves the aim one
--   hex left (1-2) or right (5-6); in each hex whose colour on the
--   bounce/range dowel was called it kills one file (option
--   `cannon_kills`: or every figure).
-- Rate of fire and crew (Catapults: crew): a machine that fires must wait
-- `reload` turns: every other or third turn, one more per missing crewman;
-- no crew, no fire.
local M = {}
local function T() return rules.tables end
local function S() return rules.scale end
local function U() return rules.units end

-- weapon -> { kind = "catapult" | "cannon", row = the table row }
local MACHINES = {
  light_catapult = { catapult = "light" },
  heavy_catapult = { catapult = "heavy" },
  light_cannon = { cannon = "light" },
  heavy_cannon = { cannon = "heavy" },
  bombard = { cannon = "bombard", catapult = "bombard" },
}
M.MACHINES = MACHINES

-- Catapults: cover, substantial overhead cover (a roofed structure)
local OVERHEAD = { bastion = true, gatehouse = true }

-- the obstacles that stop a cannon ball (Cannon: game mechanics, 6:
-- "trees, barricades, and hills")
local STOPS = { wooded = true, hill = true, rampart = true,
                bastion = true, curtain_wall = true, gatehouse = true, palisade = true }

function M.is_machine(u) return MACHINES[u.weapon] ~= nil end

-- the catapult row of a machine firing as a catapult: min, max (inches),
-- hit area diameter {num, den}, every N turns
local function catapult_row(u)
  local c = MACHINES[u.weapon].catapult
  if c == "bombard" then
    local b = T().cannon.bombard
    return { min = 0, max = b.range, area = b.area, every = b.every }
  end
  return T().catapult[c]
end

-- Catapults: arc of fire, 45 degrees left or right (the infantry wedge,
-- NOTES.md)
local function in_arc(u, h)
  local b = bitwa.hex.bearing(u.hex, u.facing, h)
  return b ~= nil and (b <= 4 or b >= 20)
end

local function common(side, u, h, rule)
  if u.side ~= side then return rule, u.name .. " is not " .. side .. "'s" end
  if u.hex == nil then return rule, u.name .. " is not on the map" end
  if not bitwa.hex.on_map(h) then return rule, "the target must be a hex of the map" end
  if u.aim ~= "" then return rule, u.name .. " has its order this turn" end
  if u.retreat_turn > 0 then return "Retreat and Panic", u.name .. " is regrouping" end
  local mr, mm = rules.historical.will_not_attack(u)
  if mr then return mr, mm end
  if not T().crew_extra_turns(u.figures) then return "Catapults: crew", u.name .. " has no crew" end
  if u.reload > 0 then
    return rule .. ": rate of fire", u.name .. " fires again in " .. u.reload .. " turn" .. (u.reload > 1 and "s" or "")
  end
  if not in_arc(u, h) then return rule .. ": arc of fire", h.label .. " is outside " .. u.name .. "'s arc" end
  -- Melees: firing missiles into a melee is not permitted
  for _, o in ipairs(bitwa.units_at(h)) do
    for _, n in ipairs(bitwa.hex.neighbours(h)) do
      for _, f in ipairs(bitwa.units_at(n)) do
        if f.side == side and o.side ~= side then
          return "Melees: firing missiles into a melee", o.name .. " is in melee with " .. f.name
        end
      end
    end
  end
  return nil
end

-- why `u` may not fire as a catapult at hex h (rule, message), or nil
function M.why_not_catapult(side, u, h)
  if not (MACHINES[u.weapon] or {}).catapult then return "Catapults", u.name .. " is not a catapult or bombard" end
  local rule, msg = common(side, u, h, "Catapults")
  if rule then return rule, msg end
  local row = catapult_row(u)
  local d = bitwa.hex.distance(u.hex, h)
  local inches = d * S().HEX_INCHES
  if inches < row.min or inches > row.max then
    return "Catapults", h.label .. " is " .. d .. " hexes away: the range is " .. row.min .. "-" .. row.max .. "\""
  end
  return nil
end

-- why `u` may not fire as a cannon at hex h (rule, message), or nil
function M.why_not_cannon(side, u, h)
  if not (MACHINES[u.weapon] or {}).cannon then return "Cannon", u.name .. " is not a cannon or bombard" end
  local rule, msg = common(side, u, h, "Cannon")
  if rule then return rule, msg end
  local row = T().cannon[MACHINES[u.weapon].cannon]
  local d = bitwa.hex.distance(u.hex, h)
  if d * S().HEX_INCHES > row.range then
    return "Cannon", h.label .. " is " .. d .. " hexes away, beyond " .. row.range .. "\""
  end
  -- Cannon: cover, "firing into woods is not permitted"
  if bitwa.map.terrain(h) == "wooded" then return "Cannon: cover", "firing into woods is not permitted" end
  -- Cannon: indirect fire is permitted only for bombards firing as catapults
  local steps = bitwa.hex.line(u.hex, h)
  for i = 2, #steps - 1 do
    local s = steps[i]
    for _, x in ipairs(bitwa.hex.is(s) and { s } or { s[1], s[2] }) do
      local o = bitwa.units_at(x)[1]
      if o then return "Cannon: indirect fire", "only bombards firing as catapults fire over " .. o.name end
    end
  end
  return nil
end

-- the turn starts before a machine that fires now may fire again: every
-- N turns, one more per missing crewman (Catapults: crew; Cannon: crew,
-- the same): T-79, a 1-man crew fires 3 turns later than a full one
local function wait(u, every)
  return every + T().crew_extra_turns(u.figures)
end

function M.catapult(side, u, h)
  local rule, msg = M.why_not_catapult(side, u, h)
  if rule then refuse(rule, msg) end
  u.aim = h.label
  u.call = "catapult"
  u.reload = wait(u, catapult_row(u).every)
end

function M.cannon(side, u, h, call)
  local rule, msg = M.why_not_cannon(side, u, h)
  if rule then refuse(rule, msg) end
  u.aim = h.label
  u.call = call
  u.reload = wait(u, T().cannon[MACHINES[u.weapon].cannon].every)
end

-- the hexes a side's machines may aim at: those holding an enemy unit,
-- and the standing structures (Sieges)
local function targets(side, why)
  local out = {}
  local aims, seen = {}, {}
  for _, e in ipairs(bitwa.units {}) do
    if e.side ~= side and e.hex ~= nil and not seen[e.hex.label] then
      seen[e.hex.label] = true
      aims[#aims + 1] = e.hex
    end
  end
  for _, h in ipairs(rules.sieges.standing()) do
    if not seen[h.label] then seen[h.label] = true; aims[#aims + 1] = h end
  end
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil and MACHINES[u.weapon] and u.aim == "" then
      for _, h in ipairs(aims) do
        if not why(side, u, h) then out[#out + 1] = { u, h } end
      end
    end
  end
  return out
end

function M.legal_catapult(side)
  local out = {}
  for _, p in ipairs(targets(side, M.why_not_catapult)) do out[#out + 1] = { p[1].name, p[2].label } end
  return out
end

function M.legal_cannon(side)
  local out = {}
  for _, p in ipairs(targets(side, M.why_not_cannon)) do
    out[#out + 1] = { p[1].name, p[2].label, "short" }
    out[#out + 1] = { p[1].name, p[2].label, "long" }
  end
  return out
end

function M.can_fire(side)
  return #targets(side, M.why_not_catapult) > 0 or #targets(side, M.why_not_cannon) > 0
end

-- Cannon: the colour of each hex along the bounce/range dowel: hex k spans
-- inches 3(k-1) to 3k from the muzzle; it is white or black by the longer
-- part of that span, both on a tie (NOTES.md).  Returns { [k] = { white =
-- bool, black = bool } } for k = 1 .. range in hexes.
function M.dowel_colours(kind)
  local segs = T().dowel[kind].segments
  local hexes = T().cannon[kind].range // S().HEX_INCHES
  local out = {}
  for k = 1, hexes do
    local lo, hi = S().HEX_INCHES * (k - 1), S().HEX_INCHES * k
    local w, b, at = 0, 0, 0
    for i, len in ipairs(segs) do
      local a, z = math.max(lo, at), math.min(hi, at + len)
      if z > a then
        if i % 2 == 1 then w = w + z - a else b = b + z - a end
      end
      at = at + len
    end
    out[k] = { white = w >= b, black = b >= w }
  end
  return out
end

-- the figures a cannon ball kills in a unit it strikes: one file (as many
-- as the counter has ranks), or all (option cannon_kills)
local function file_of(t)
  if bitwa.option("cannon_kills") == "all" then return t.figures end
  return math.min(t.figures, S().RANKS[U().arm(t)])
end

-- Roll every machine's order (the deviation dice) and work out its kills,
-- on the figures as they stand before any casualty: { { target = unit,
-- kills = n }... }; the orders are cleared.
function M.roll_all()
  local out = {}
  for _, u in ipairs(bitwa.units {}) do
    if u.aim ~= "" and u.hex ~= nil then
      local h = bitwa.hex.parse(u.aim)
      if u.call == "catapult" then
        local row = catapult_row(u)
        h = M.overshoot(u, h)
        -- a hit area wider than a hex kills every figure in it, a smaller
        -- one its share of the hex, rounded up ("even partly under")
        local big = row.area[1] > S().HEX_INCHES * row.area[2]
        local share = S().SMALL_AREA_SHARE
        -- Catapults: cover, "substantial overhead cover negates catapult
        -- fire": the roofed towers and gatehouses of a siege (NOTES.md)
        local roofed = OVERHEAD[bitwa.map.terrain(h) or ""]
        for _, t in ipairs(bitwa.units_at(h)) do
          local n = big and t.figures or (t.figures * share[1] + share[2] - 1) // share[2]
          if roofed then n = 0 end
          bitwa.note("Catapults: " .. u.name .. " hits " .. h.label .. ": " .. t.name .. " loses " .. n
            .. (roofed and " (overhead cover)" or ""))
          -- Sieges: a machine hit is damaged; destroyed, it leaves with its crew
          if not roofed and rules.sieges.damage_machine(t, T().siege_damage[u.weapon], u.name) then n = t.figures end
          out[#out + 1] = { target = t, kills = n }
        end
        -- Sieges: damage to a structure in the hex
        if rules.sieges.dv(h) then rules.sieges.damage(h, T().siege_damage[u.weapon], u.name) end
      else
        -- Cannon, game mechanics 4-5: the deviation die moves the aim
        local kind = MACHINES[u.weapon].cannon
        local dev = bitwa.roll(1, 6, "Cannon: deviation die, " .. u.name .. " (1-2 left, 3-4 on line, 5-6 right)",
          function(t) return (t - 1) // 2 end, u.side)
        local toward = bitwa.hex.sector(u.hex, 0, h)
        if dev <= 2 then h = bitwa.hex.neighbour(h, (toward + 5) % 6, true)
        elseif dev >= 5 then h = bitwa.hex.neighbour(h, (toward + 1) % 6, true) end
        local colours = M.dowel_colours(kind)
        local steps = bitwa.hex.ray(u.hex, h, #colours)
        for k = 2, #steps do
          local s = steps[k]
          local hexes = bitwa.hex.is(s) and { s } or { s[1], s[2] }
          local c = colours[k - 1]
          if (u.call == "short" and c.white) or (u.call == "long" and c.black) then
            for _, x in ipairs(hexes) do
              for _, t in ipairs(bitwa.units_at(x)) do
                if t.name ~= u.name then
                  local n = file_of(t)
                  bitwa.note("Cannon: " .. u.name .. "'s ball strikes " .. t.name .. " at " .. x.label .. ": " .. n)
                  -- Sieges: a machine struck is damaged; destroyed, it leaves with its crew
                  if rules.sieges.damage_machine(t, T().siege_damage[u.weapon], u.name) then n = t.figures end
                  out[#out + 1] = { target = t, kills = n }
                end
              end
            end
          end
          local stop = false
          for _, x in ipairs(hexes) do
            if STOPS[bitwa.map.terrain(x) or ""] then stop = true end
            -- Sieges: the ball that reaches a structure damages it
            if rules.sieges.dv(x) then rules.sieges.damage(x, T().siege_damage[u.weapon], u.name) end
          end
          if stop then break end
        end
      end
      u.aim = ""
      u.call = ""
    end
  end
  return out
end

-- Catapults: over-/under-shoot option (option catapult_overshoot): the
-- shot falls d6 - d6 inches beyond (+) or short of (-) the aimed hex,
-- along the line from the machine: 0-1" no hex, 2-4" one, 5" two (the
-- nearest whole hex of 3", MATRIX §4.8)
function M.overshoot(u, h)
  if bitwa.option("catapult_overshoot") ~= "on" then return h end
  local function hexes(inches) return (math.abs(inches) + 1) // S().HEX_INCHES end
  local over = bitwa.roll(1, 6, "Catapults: over-/under-shoot, " .. u.name .. " over", nil, u.side)
  local under = bitwa.roll(1, 6, "Catapults: over-/under-shoot, " .. u.name .. " under",
    function(t) return hexes(over - t) * (over >= t and 1 or -1) end, u.side)
  local k = hexes(over - under) * (over >= under and 1 or -1)
  if k == 0 then return h end
  local d = bitwa.hex.distance(u.hex, h)
  local steps = bitwa.hex.ray(u.hex, h, math.max(0, d + k), true)
  local s = steps[#steps]
  local to = bitwa.hex.is(s) and s or s[1]
  bitwa.note("Catapults: over-/under-shoot: " .. u.name .. "'s shot falls " .. math.abs(k) .. " hex"
    .. (math.abs(k) > 1 and "es " or " ") .. (k > 0 and "beyond " or "short of ") .. h.label .. ", at " .. to.label)
  return to
end

-- the start of a turn: one turn less to wait
function M.turn_start()
  for _, u in ipairs(bitwa.units {}) do
    if u.reload > 0 and bitwa.var("sequence.started") then u.reload = u.reload - 1 end
  end
end

return M
