-- [7.1] Banners.  A banner is a unit of kind "banner" of its side: held
-- by the regular unit named in `holder` (its hex follows the holder), or
-- fallen on its hex with holder = "".  `captured` is true while an enemy
-- unit holds it [7.1.6].  MORALE [6.1.5] moves when it falls and when its
-- own side takes it back.
local M = {}

local function U() return rules.units end

-- The banners u holds.
function M.held_by(u)
  local name = u.name
  local out, all = {}, bitwa.units { kind = "banner" }
  for i = 1, #all do
    local b = all[i]
    if b.holder == name then out[#out + 1] = b end
  end
  return out
end

function M.is_fallen(b) return b.holder == "" end

-- Regular units of `side` on h, except `except`, in id order.
local function regulars_at(h, side, except)
  if h == nil then return {} end
  return bitwa.units { hex = h, side = side, where = function(x)
    return U().is_regular(x) and (except == nil or x.id ~= except.id)
  end }
end

-- [7.1.1] A-049: every banner starts held by a regular unit of its side.
-- The scenario names the holder (`holder`); a banner whose holder is a
-- leader, or that is only placed on a hex, goes to the first regular unit
-- of its side on that hex (the leader's hex).
function M.setup()
  for _, b in ipairs(bitwa.units { kind = "banner" }) do
    local h = b.holder ~= "" and bitwa.unit(b.holder) or nil
    if b.holder ~= "" and not h then
      error("banner " .. b.name .. ": holder '" .. b.holder .. "' is not a unit (7.1.1)", 0)
    end
    if h and h.side ~= b.side then
      error("banner " .. b.name .. ": holder " .. h.name .. " is not of side " .. b.side .. " (7.1.1)", 0)
    end
    local where = h and h.hex or b.hex
    if h and U().is_leader(h) then h = nil end
    if h and not U().is_regular(h) then
      error("banner " .. b.name .. ": " .. h.name .. " is not a regular unit (7.1.2)", 0)
    end
    if not h then
      h = regulars_at(where, b.side)[1]
      if not h then
        error("banner " .. b.name .. ": no regular unit of side " .. b.side .. " on " ..
          (where and where.label or "the map") .. " to hold it (7.1.1)", 0)
      end
    end
    b.holder = h.name
    b.hex = h.hex
    b.captured = false
  end
end

-- A held banner stays on its holder's hex (units.place calls this for
-- every unit placed).  [7.1.3] a banner moved with its holder in that
-- holder's own movement phase is remembered for the turn.
function M.follow(u)
  if not U().is_field(u) then return end
  for _, b in ipairs(rules.banners.held_by(u)) do
    if b.hex ~= u.hex then
      b.hex = u.hex
      local phase = bitwa.phase()
      if phase:match("_move$") and rules.phases.moves_now(u) then
        bitwa.set_var("banner.moved." .. b.name, bitwa.turn())
        bitwa.set_var("banner.mover." .. b.name, u.name)
      end
    end
  end
end

-- [7.1.3] Whether u may move now with the banners it holds: a banner moves
-- with one unit a turn.  Returns true, or false and the rule.
function M.may_move(u)
  for _, b in ipairs(rules.banners.held_by(u)) do
    if bitwa.var("banner.moved." .. b.name) == bitwa.turn() and bitwa.var("banner.mover." .. b.name) ~= u.name then
      return false, "7.1.3"
    end
  end
  return true
end

local function pass_cost() return U().sixths(rules.tables.banners.pass_mp) end

-- [7.1.4] pass_banner BANNER UNIT: the holder passes the banner to another
-- friendly regular unit on the same or an adjacent hex, for 1 MP of the
-- holder, in the holder's movement phase; the receiver must not have moved
-- [7.1.3].  If the banner has already moved this turn, the receiver may
-- not move any more.
function M.pass(side, banner, to)
  if not U().is_banner(banner) then refuse("7.1.4", banner.name .. " is not a banner") end
  if banner.side ~= side then refuse("7.1.4", banner.name .. " is not a banner of " .. side) end
  if rules.banners.is_fallen(banner) then refuse("7.1.5", banner.name .. " has fallen: a regular unit must enter its hex (7.1.6)") end
  local holder = bitwa.unit(banner.holder)
  if holder.side ~= side then refuse("7.1.6", banner.name .. " is held by the enemy") end
  if not rules.phases.moves_now(holder) then
    refuse("7.1.4", holder.name .. " does not move in this phase: passing the banner costs its MP")
  end
  if to.id == holder.id then refuse("7.1.4", to.name .. " already holds " .. banner.name) end
  if to.side ~= side or not U().is_regular(to) or to.hex == nil then
    refuse("7.1.2", "a banner is held by a regular unit of its side; " .. to.name .. " is not one")
  end
  if bitwa.hex.distance(holder.hex, to.hex) > 1 then
    refuse("7.1.4", "a banner is passed to a unit on the same or an adjacent hex")
  end
  if to.moved then refuse("7.1.3", to.name .. " has moved: it cannot take the banner any more") end
  if holder.mp_left < pass_cost() then
    refuse("7.1.4", "passing the banner costs " .. rules.tables.banners.pass_mp .. " MP; " .. holder.name ..
      " has " .. U().mp_text(holder.mp_left))
  end
  holder.mp_left = holder.mp_left - pass_cost()
  banner.holder = to.name
  banner.hex = to.hex
  bitwa.note(holder.name .. " passes " .. banner.name .. " to " .. to.name .. " (7.1.4)")
  if bitwa.var("banner.moved." .. banner.name) == bitwa.turn() then
    rules.movement.stop(to, "7.1.3")      -- the banner has moved this turn
  end
end

function M.legal_passes(side)
  local out = {}
  for _, b in ipairs(bitwa.units { kind = "banner", side = side }) do
    local holder = not rules.banners.is_fallen(b) and bitwa.unit(b.holder) or nil
    if holder and holder.side == side and holder.hex and rules.phases.moves_now(holder)
      and holder.mp_left >= pass_cost() then
      for _, to in ipairs(bitwa.units { side = side, where = function(x)
        return U().is_regular(x) and x.hex ~= nil and x.id ~= holder.id and not x.moved
          and bitwa.hex.distance(holder.hex, x.hex) <= 1
      end }) do
        out[#out + 1] = { b.name, to.name }
      end
    end
  end
  return out
end

-- [7.1.5] The holder is eliminated: another regular unit of its side on
-- the hex takes the banner (its owner chooses; no MP, A-049), else the
-- banner falls on the hex.  A banner falling from its own side's hands
-- moves MORALE 3 fields in favour of the enemy [6.1.5]; one dropped by an
-- enemy that had captured it lies fallen again with no MORALE change.
function M.on_eliminated(u, hex)
  if not U().is_field(u) then return end
  for _, b in ipairs(rules.banners.held_by(u)) do
    local others = regulars_at(hex, u.side, u)
    if #others > 0 then
      local to = others[1]
      if #others > 1 then
        local names = {}
        for i, x in ipairs(others) do names[i] = x.name end
        to = bitwa.unit(bitwa.decide { side = u.side, kind = "banner", options = names,
          prompt = u.name .. " is eliminated: which unit takes " .. b.name .. " (7.1.5)?" })
      end
      b.holder = to.name
      b.hex = hex
      bitwa.note(to.name .. " takes " .. b.name .. " (7.1.5)")
    else
      local was_captured = b.captured
      b.holder = ""
      b.hex = hex
      b.captured = false
      if was_captured then
        bitwa.note(b.name .. " is dropped on " .. (hex and hex.label or "?") .. " (7.1.5)")
      else
        bitwa.note(b.name .. " falls on " .. (hex and hex.label or "?") .. " (7.1.5)")
        rules.morale.move(U().enemy(b.side), rules.tables.morale.banner, "6.1.5: " .. b.name .. " falls")
      end
    end
  end
end

-- [7.1.6] A regular unit enters hex h (movement, retreat, pursuit,
-- advance): it picks up every fallen banner there.  An enemy unit
-- captures it; a unit of the banner's side retakes it, which moves MORALE
-- 3 fields back in its favour [6.1.5].
function M.entered(u, h)
  if h == nil or not U().is_regular(u) then return end
  for _, b in ipairs(bitwa.units { kind = "banner", hex = h, where = M.is_fallen }) do
    b.holder = u.name
    if b.side == u.side then
      b.captured = false
      bitwa.note(u.name .. " retakes " .. b.name .. " (6.1.5)")
      rules.morale.move(u.side, rules.tables.morale.banner, "6.1.5: " .. b.name .. " retaken")
    else
      b.captured = true
      bitwa.note(u.name .. " captures " .. b.name .. " (7.1.6)")
    end
    rules.victory.on_banner_captured(b, u.side)
  end
end

-- [7.1.7] Whether u is on or next to a hex with a banner of its side held
-- by its side.
function M.gives_cm(u)
  if u.hex == nil then return false end
  for _, b in ipairs(bitwa.units { kind = "banner", side = u.side }) do
    if b.hex and not rules.banners.is_fallen(b) and not b.captured and bitwa.hex.distance(b.hex, u.hex) <= 1 then
      return true
    end
  end
  return false
end

local own_gives_cm, own_is_fallen = M.gives_cm, M.is_fallen

-- gives_cm(u) as the module's own functions give it, with `banners` the
-- banners of u's side (asked once for many units).
local function listed_gives_cm(u, banners)
  local h = u.hex
  if h == nil then return false end
  local distance = bitwa.hex.distance
  for i = 1, #banners do
    local b = banners[i]
    if b.hex and not own_is_fallen(b) and not b.captured and distance(b.hex, h) <= 1 then
      return true
    end
  end
  return false
end

-- gives_cm's answers while it and is_fallen are this module's own: they
-- read the unit's side and hex and its side's banners (where they are,
-- who holds them), so they hold until a unit changes.  Keyed by side and
-- hex, not by the unit, so that a unit asked about at another hex (a
-- planned copy, a bot's "what if") gets that hex's answer.
-- [side .. " " .. hex] = true / false.
local per_units = cache("units")

-- [7.1.7] The CM a side's units in one combat gain from banners: 1 when
-- any of them is on or next to its banner; never more than 1.
function M.cm(units)
  local B, Un = rules.banners, U()
  local own = B.gives_cm == own_gives_cm and B.is_fallen == own_is_fallen
  local known = own and per_units()
  for i = 1, #units do
    local u = units[i]
    if Un.is_field(u) then
      local gives
      if known then
        local h = u.hex
        if h == nil then
          gives = false
        else
          local key = u.side .. " " .. h.label
          gives = known[key]
          if gives == nil then
            local listed = known.banners      -- side -> its banners, for this units' version
            if not listed then listed = {}; known.banners = listed end
            local bs = listed[u.side]
            if not bs then bs = bitwa.units { kind = "banner", side = u.side }; listed[u.side] = bs end
            gives = listed_gives_cm(u, bs)
            known[key] = gives
          end
        end
      else
        gives = B.gives_cm(u)
      end
      if gives then return rules.tables.cm.banner end
    end
  end
  return 0
end

return M
