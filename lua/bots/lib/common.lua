-- common: what the generic bots (heuristic, search) share, loaded by a bot
-- module with include "common".  It knows no title: it reads the
-- manifest's roles (bitwa.roles(): the strength attribute, the leader and
-- marker kinds), the units on the map and the words of lines.
--
--   C.read_roles()         at the start of each choose / answer (C.states:
--                          the roles' state attributes; C.balance: its
--                          balance variables, + for the first side)
--   C.strength(u)          a field unit's strength (the roles' attribute,
--                          else 1); 0 for leaders and markers
--   C.is_leader(u), C.is_field(u)
--   C.as_hex(word), C.as_facing(word)
--   C.enemies_of(side)     the enemy field units on the map (the enemy
--                          leaders when no field unit is left)
--   C.friends_of(side)     our field units on the map
--   C.nearest(h, units)    the nearest unit, its distance, the sum of all
--   C.answer(request)      a decision answered (below)
--   C.gcd, C.compare       exact fractions
local C = {}

C.PASSIVE = { pass = true, hold = true, no = true, none = true, decline = true,
              skip = true, refuse = true, wait = true }

C.strength_name, C.leader_kind, C.marker_kind, C.states, C.balance = "sp", {}, {}, {}, {}

function C.read_roles()
  local r = bitwa.roles()
  C.strength_name, C.leader_kind, C.marker_kind, C.states = r.strength, {}, {}, r.states or {}
  C.balance = r.balance or {}
  for _, k in ipairs(r.leaders) do C.leader_kind[k] = true end
  for _, k in ipairs(r.markers) do C.marker_kind[k] = true end
end

function C.is_leader(u) return C.leader_kind[u.kind] == true end
function C.is_marker(u) return C.marker_kind[u.kind] == true end
function C.is_field(u) return not C.leader_kind[u.kind] and not C.marker_kind[u.kind] end

function C.strength(u)
  if not C.is_field(u) then return 0 end
  local name = C.strength_name
  local ok, v = pcall(function() return u[name] end)
  if ok and math.type(v) then return math.max(v, 0) end
  return 1
end

function C.as_hex(w)
  if not w:match("^%d%d%d%d?$") then return nil end
  local h = bitwa.hex.parse(w)
  if h and bitwa.hex.on_map(h) then return h end
  return nil
end

function C.as_facing(w)
  if not w:match("^%a%a?$") then return nil end
  return bitwa.hex.facing(w)
end

local function on_map(u) return u.hex and bitwa.hex.on_map(u.hex) end

function C.enemies_of(side)
  local out, leaders = {}, {}
  for _, u in ipairs(bitwa.units {}) do
    if u.side ~= side and on_map(u) then
      if C.is_field(u) then out[#out + 1] = u elseif C.is_leader(u) then leaders[#leaders + 1] = u end
    end
  end
  if #out == 0 then return leaders end
  return out
end

function C.friends_of(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if on_map(u) and C.is_field(u) then out[#out + 1] = u end
  end
  return out
end

-- The nearest of units to h, its distance (math.huge when none), and the
-- sum of the distances of all (kept whole: scores are exact fractions).
function C.nearest(h, units)
  local best, bd, sum = nil, math.huge, 0
  for _, e in ipairs(units) do
    local d = bitwa.hex.distance(h, e.hex)
    sum = sum + d
    if d < bd then best, bd = e, d end
  end
  return best, bd, sum
end

-- A decision: a choice of several at once that needs more than one: the
-- first ones offered; hexes: the one farthest from the enemy (retreats);
-- our units: the strongest field unit (who takes a loss; a leader only
-- when no field unit is offered); words: rather act than pass.
function C.answer(request)
  C.read_roles()
  local side, options = request.side, request.options
  local min = math.tointeger(request.min) or 1
  if min > 1 and min <= #options then return table.concat(options, ",", 1, min) end
  if #options == 1 then return options[1] end
  local enemies = C.enemies_of(side)
  local best, bd = nil, nil
  for _, o in ipairs(options) do
    local h = C.as_hex(o)
    if not h then best = nil break end
    local _, d = C.nearest(h, enemies)
    if bd == nil or d > bd then best, bd = o, d end
  end
  if best then return best end
  local strongest, sp, units = nil, nil, true
  for _, o in ipairs(options) do
    local u = bitwa.unit(o)
    if not u then units = false break end
    local s = (C.is_field(u) and 1000 or 0) + C.strength(u)
    if u.side == side and (sp == nil or s > sp) then strongest, sp = o, s end
  end
  if units and strongest then return strongest end
  local active = {}
  for _, o in ipairs(options) do
    if not C.PASSIVE[o:lower()] then active[#active + 1] = o end
  end
  if #active == 0 then active = options end
  return active[rng(#active)]
end

-- ------------------------------------------------------------------ exact fractions

function C.gcd(a, b)
  if a < 0 then a = -a end
  if b < 0 then b = -b end
  while b ~= 0 do a, b = b, a % b end
  return a
end

-- a/b against c/d (b, d > 0), exactly and without overflow: -1, 0 or 1
-- (integer parts first, then the remainders' reciprocals)
function C.compare(a, b, c, d)
  for _ = 1, 64 do
    local qa, qc = a // b, c // d
    if qa ~= qc then return qa < qc and -1 or 1 end
    local ra, rc = a - qa * b, c - qc * d
    if ra == 0 or rc == 0 then
      if ra == rc then return 0 end
      return ra == 0 and -1 or 1
    end
    a, b, c, d = d, rc, b, ra
  end
  return 0
end

-- The expected value of the integers vals[i] with probabilities
-- outcomes[i].n / outcomes[i].d: { num, den } in lowest terms, den > 0.
function C.expectation(outcomes, vals)
  local num, den = 0, 1
  for i, o in ipairs(outcomes) do
    local n, d = o.n, o.d
    local g = C.gcd(den, d)
    local l = den // g * d
    num = num * (l // den) + n * vals[i] * (l // d)
    den = l
    local r = C.gcd(num, den)
    if r > 1 then num, den = num // r, den // r end
  end
  return { num, den }
end

return C
