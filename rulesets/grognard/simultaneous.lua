-- Turn Sequence: the Simultaneous Move System (option `sequence =
-- "simultaneous"`; the Move/Counter Move System is the default).
--   "1. Both sides write orders for each of their units ..., including
--   movement direction and facing.  2. Both sides move according to their
--   written orders, making one-half of the move, checking for unordered
--   melee contact due to opponent movement, and conducting split-moves and
--   missile fire and taking any pass-through fire; then the balance of
--   movement is completed as ordered.  3. Artillery fire.  4. Missile fire.
--   5. Melees."  "Cavalry may be given the order to 'charge, if charged'
--   (CIC), either in their own behalf or in support of any nearby friendly
--   unit.  Such CIC movement begins at the one-half move and is only half
--   of a normal charge."
-- On the engine: no initiative; the phase `orders` (both sides, sealed:
-- neither side sees the other's orders before both have ended it) takes
-- one order a unit:
--   order UNIT HEX FACING    move to HEX and end facing FACING (the way
--                            its own moves and turns reach, movement.reach;
--                            its own hex: turn in place or stand)
--   order_charge UNIT ENEMY  charge ENEMY (Melees: charge)
--   cic UNIT FRIEND          cavalry: charge, if charged (FRIEND: itself or
--                            a friendly unit within its CIC charge)
-- a unit without an order stands.  When both have ended the phase the
-- orders are carried out (`resolve`, NOTES.md): the knights' obedience;
-- the first half, every unit a step in turn (A's first unit, B's first,
-- A's second ...) while it has spent less than half its move (a charger:
-- half its charge move); then unordered contact stops the movers next to
-- an enemy; "charge, if charged" answers the charges at its unit or the
-- friend it supports with half a charge; then the balance, in the same
-- turns.  Split-move and pass-through fire happen at each mover's half
-- move, by the movement rules.  The missile and melee phases follow.
local M = {}

local CITE = "Turn Sequence: the Simultaneous Move System"

local function S() return rules.scale end
local function U() return rules.units end
local function MV() return rules.movement end

function M.on() return bitwa.option("sequence") == "simultaneous" end

-- the phase `orders` is skipped in the Move/Counter Move System
function M.skip() return not M.on() end

---------------------------------------------------------------- orders

local function why_not_order(side, u)
  if not M.on() then return CITE, "the option sequence is not simultaneous" end
  if u.side ~= side then return CITE, u.name .. " is not " .. side .. "'s" end
  if u.hex == nil then return CITE, u.name .. " is not on the map" end
  if u.order ~= "" then return CITE, u.name .. " has its order for this turn" end
  return nil
end

-- the hexes of a "charge, if charged": half the charge move
local function cic_hexes(u)
  local row = U().movement_row(u)
  if not row.charge then return 0 end
  return S().mp(row.charge) // S().hex_mp() // 2
end

function M.check_order(side, u, to, facing)
  local rule, msg = why_not_order(side, u)
  if rule then return nil, rule, msg end
  if to.label == u.hex.label and facing == u.facing then return { stand = true } end
  local r, r2, m2 = MV().reach(side, u, to, facing)
  if not r then return nil, r2, m2 end
  local last = r[#r]
  if last.hex.label ~= to.label or last.facing ~= facing then
    return nil, CITE, u.name .. " cannot reach " .. to.label .. " facing " .. bitwa.hex.facing_name(facing) .. " this turn"
  end
  return last
end

-- order UNIT HEX FACING
function M.order_move(side, u, to, facing)
  local plan, rule, msg = M.check_order(side, u, to, facing)
  if not plan then refuse(rule, msg) end
  u.order = "move " .. to.label .. " " .. facing
end

function M.check_order_charge(side, u, t)
  local rule, msg = why_not_order(side, u)
  if rule then return nil, rule, msg end
  return MV().check_charge(side, u, t)
end

-- order_charge UNIT ENEMY
function M.order_charge(side, u, t)
  local plan, rule, msg = M.check_order_charge(side, u, t)
  if not plan then refuse(rule, msg) end
  u.order = "charge " .. t.name
end

function M.check_cic(side, u, f)
  local rule, msg = why_not_order(side, u)
  if rule then return nil, rule, msg end
  if U().arm(u) ~= "cavalry" then return nil, CITE, "only cavalry may be ordered to charge, if charged" end
  if cic_hexes(u) < 1 then return nil, CITE, u.name .. " has no charge move" end
  if u.charged_last then return nil, "Melees: charge", u.name .. " charged last turn and must move at normal speed" end
  if f.side ~= side or f.hex == nil then return nil, CITE, f.name .. " is not a friendly unit on the map" end
  if f.name ~= u.name and bitwa.hex.distance(u.hex, f.hex) > cic_hexes(u) then
    return nil, CITE, f.name .. " is not near " .. u.name .. " (within its CIC charge, " .. cic_hexes(u) .. " hexes)"
  end
  return true
end

-- cic UNIT FRIEND
function M.order_cic(side, u, f)
  local ok, rule, msg = M.check_cic(side, u, f)
  if not ok then refuse(rule, msg) end
  u.order = "cic " .. f.name
end

function M.legal_orders(side)
  local out = {}
  if not M.on() then return out end
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil and u.order == "" then
      out[#out + 1] = { u.name, u.hex.label, bitwa.hex.facing_name(u.facing) }
      for _, r in ipairs(MV().reach(side, u) or {}) do
        if r.cost > 0 then out[#out + 1] = { u.name, r.hex.label, bitwa.hex.facing_name(r.facing) } end
      end
    end
  end
  return out
end

function M.legal_order_charges(side)
  local out = {}
  if not M.on() then return out end
  for _, p in ipairs(MV().legal_charges(side)) do
    if bitwa.unit(p[1]).order == "" then out[#out + 1] = p end
  end
  return out
end

function M.legal_cic(side)
  local out = {}
  if not M.on() then return out end
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil and u.order == "" then
      for _, f in ipairs(bitwa.units { side = side }) do
        if M.check_cic(side, u, f) then out[#out + 1] = { u.name, f.name } end
      end
    end
  end
  return out
end

---------------------------------------------------------------- resolution

-- the word and the rest of an order
local function parse(order)
  local kind, rest = order:match("^(%a+) (.+)$")
  return kind, rest
end

local function active(u) return u:alive() and u.hex ~= nil and u.retreat_turn == 0 end

local function stop(p, why)
  p.done = true
  if why then bitwa.note(CITE .. ": " .. p.u.name .. " stops at " .. p.u.hex.label .. " (" .. why .. ")") end
end

-- the units in turn: A's first, B's first, A's second ...
local function in_turn()
  local lists, out = {}, {}
  for i, s in ipairs(bitwa.sides()) do lists[i] = bitwa.units { side = s } end
  local k = 1
  while true do
    local any = false
    for _, l in ipairs(lists) do
      if l[k] then out[#out + 1] = l[k]; any = true end
    end
    if not any then return out end
    k = k + 1
  end
end

-- the plan of an order at the start of the resolution
local function plan_of(u)
  local kind, rest = parse(u.order)
  if kind == "move" then
    local label, f = rest:match("^(%S+) (%d+)$")
    local to, facing = bitwa.hex.parse(label), tonumber(f)
    if to.label == u.hex.label and facing == u.facing then return nil end
    local r, rule, msg = MV().reach(u.side, u, to, facing)
    local last = r and r[#r]
    if not last or last.hex.label ~= label or last.facing ~= facing then
      bitwa.note(CITE .. ": " .. u.name .. " cannot carry out its order (" .. (rule or "Movement") .. ": " ..
        (msg or ("cannot reach " .. label)) .. ")")
      return nil
    end
    return { u = u, kind = "move", steps = last.path, i = 1 }
  elseif kind == "charge" then
    local t = bitwa.unit(rest)
    local plan, rule, msg
    if t and t.hex ~= nil then plan, rule, msg = MV().check_charge(u.side, u, t) end
    if not plan then
      bitwa.note(CITE .. ": " .. u.name .. " cannot charge " .. rest .. " (" .. (rule or "Melees: charge") .. ": " ..
        (msg or "not on the map") .. ")")
      return nil
    end
    if not MV().peasants_move(u) then return nil end
    MV().charge_begin(u, t, plan)
    return { u = u, kind = "charge", target = rest, hexes = plan.hexes, dirs = plan.dirs, i = 1,
             half = S().mp(U().movement_row(u).charge) }
  elseif kind == "cic" then
    return { u = u, kind = "cic", friend = rest, done = true }
  end
end

-- an enemy next to u: `prefer` first, else the first by name
local function enemy_next(u, prefer)
  local best
  for _, h in ipairs(bitwa.hex.neighbours(u.hex)) do
    for _, e in ipairs(bitwa.units_at(h)) do
      if e.side ~= u.side then
        if e.name == prefer then return e end
        if not best or e.name < best.name then best = e end
      end
    end
  end
  return best
end

-- a charge meets the enemy next to it (its target first)
local function arrive(p)
  p.done = true
  local e = enemy_next(p.u, p.target)
  if not e then return end
  if e.charged and e.charge_target == p.u.name then
    -- met by a charge, if charged: the checks of both charging were made
    -- when it came (movement.charge_arrive); the charger faces it
    p.u.facing = bitwa.hex.direction(p.u.hex, e.hex)
    bitwa.note(CITE .. ": " .. p.u.name .. " is met by " .. e.name .. "'s charge")
    return
  end
  MV().charge_arrive(p.u, e.name)
end

-- one step of p; `first`: the first half (only while less than half the
-- move is spent).  Returns true when a step was taken.
local function step(p, first)
  local u = p.u
  if p.done then return false end
  if not active(u) then p.done = true; return false end
  if p.kind == "move" then
    local s = p.steps[p.i]
    if not s then p.done = true; return false end
    if first and 2 * u.spent >= S().mp(MV().move_inches(u)) then return false end
    local f = s.line:match("^turn %S+ (%S+)$")
    if f then
      local facing = s.facing
      local ok, rule, msg = MV().check_turn(u.side, u, facing)
      if not ok then stop(p, rule .. ": " .. msg); return false end
      MV().turn(u.side, u, facing)
      if not active(u) then p.done = true; return true end
    else
      local ok, rule, msg = MV().check_move(u.side, u)
      if not ok then stop(p, rule .. ": " .. msg); return false end
      MV().move(u.side, u)
      if not active(u) then p.done = true; return true end
      if u.hex.label ~= s.hex.label then stop(p, "its way is no longer its order's"); return true end
    end
    if u.move_roll == "no" or u.stopped then p.done = true end
    p.i = p.i + 1
    if not p.steps[p.i] then p.done = true end
    return true
  else -- a charge
    local h = p.hexes[p.i]
    if not h then arrive(p); return false end
    if first and 2 * (u.spent) >= p.half then return false end
    if MV().in_contact(u) then arrive(p); return false end
    if #bitwa.units_at(h) > 0 then
      stop(p, "Melees: charge: " .. h.label .. " is taken")
      return false
    end
    if not MV().charge_step(u, h, p.dirs[p.i]) then p.done = true; return true end
    p.i = p.i + 1
    if not p.hexes[p.i] then arrive(p) end
    return true
  end
end

-- every plan a step in turn until none moves
local function rounds(plans, first)
  repeat
    local moved = false
    for _, p in ipairs(plans) do
      if step(p, first) then moved = true end
    end
  until not moved
end

-- the resolution, when both sides have ended the phase `orders`
function M.resolve()
  if not M.on() then return end
  -- Historical Options: Knights: knights not ordered to charge roll to obey
  for _, s in ipairs(bitwa.sides()) do
    MV().knights(s, function(u, t) u.order = "charge " .. t.name end,
      function(u) return u.order:sub(1, 7) == "charge " end)
  end
  local plans = {}
  for _, u in ipairs(in_turn()) do
    if u.order ~= "" and active(u) then
      local p = plan_of(u)
      if p then plans[#plans + 1] = p end
    end
  end
  -- 2. one-half of the move
  rounds(plans, true)
  -- unordered melee contact due to opponent movement: a mover next to an
  -- enemy stops there; a charger next to an enemy meets it
  for _, p in ipairs(plans) do
    if not p.done and active(p.u) and MV().in_contact(p.u) then
      if p.kind == "charge" then arrive(p) else stop(p, "unordered melee contact") end
    end
  end
  -- "charge, if charged": at the half move, half a normal charge at a
  -- charger of its own unit or of the friend it supports
  for _, p in ipairs(plans) do
    if p.kind == "cic" and active(p.u) then
      local c = p.u
      for _, q in ipairs(plans) do
        if q.kind == "charge" and (q.target == c.name or q.target == p.friend) and active(q.u) and not c.charged then
          local plan = MV().check_charge(c.side, c, q.u, { max = cic_hexes(c) })
          if plan then
            bitwa.note(CITE .. ": " .. c.name .. " charges, if charged: " .. q.u.name .. " charges " .. q.target)
            MV().do_charge(c, q.u, plan)
          end
        end
      end
    end
  end
  -- a charge whose target has moved: the rest of its way from here
  for _, p in ipairs(plans) do
    if p.kind == "charge" and not p.done and active(p.u) then
      if MV().in_contact(p.u) then
        arrive(p)
      else
        local t = bitwa.unit(p.target)
        local left = (S().mp(U().movement_row(p.u).charge) - p.u.spent) // S().hex_mp()
        local plan = t and t.hex ~= nil and left > 0 and
          MV().check_charge(p.u.side, p.u, t, { max = left, going_on = true })
        if plan then
          p.hexes, p.dirs, p.i = plan.hexes, plan.dirs, 1
        else
          stop(p, "Melees: charge: " .. p.target .. " is out of reach of the balance of the charge")
        end
      end
    end
  end
  -- then the balance of movement as ordered
  rounds(plans, false)
end

return M
