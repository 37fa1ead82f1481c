-- [5.4] Retreats in Legnica: a leader retreats on his own [8.2.6] [8.2.7],
-- and ranged units in combat formation cannot retreat at all: they take
-- the losses of 5.4.6 instead [10.3.3] [10.7.4].
local M = inherit()

local function U() return rules.units end

-- [10.3.3] archers and crossbowmen, [10.7.4] bombards: not in combat
-- formation (horse archers have no formations, 10.5.1).
function M.can_retreat(u)
  if rules.ranged.has_formations(u) and u.formation == "combat" then return false end
  return true
end

-- [8.2.6] Whether a retreating leader of `side` may step from `from` to h:
-- enemy ZoC is ignored; no enemy unit or leader on h; the terrain and the
-- hexside as for any unit (4.2.7, impassable hexes, the map edge).
function M.leader_can_enter(l, from, h, side)
  if not rules.retreat.accessible(l, from, h) then return false end
  for _, x in ipairs(bitwa.units_at(h)) do
    if x.side ~= side and (U().is_field(x) or U().is_leader(x)) then return false end
  end
  return true
end

local function leader_steps(l, cur, combat_hex, side)
  local out = {}
  local d = bitwa.hex.distance(cur, combat_hex)
  for _, n in ipairs(bitwa.hex.neighbours(cur)) do
    if bitwa.hex.distance(n, combat_hex) == d + 1 and rules.retreat.leader_can_enter(l, cur, n, side) then
      out[#out + 1] = n
    end
  end
  return out
end

local function depth(l, cur, combat_hex, side, left)
  if left <= 0 then return 0 end
  local best = 0
  for _, n in ipairs(leader_steps(l, cur, combat_hex, side)) do
    local d = 1 + depth(l, n, combat_hex, side, left - 1)
    if d > best then best = d end
    if best == left then break end
  end
  return best
end

-- [8.2.6] [8.2.7] Every leader of the retreating side on combat_hex
-- retreats the required hexes by himself, ignoring enemy ZoC, wherever
-- his units go (his owner chooses each step); where he cannot go on he
-- stops, with no other penalty (8.2.8: an enemy entering his hex while he
-- is alone kills him).
function M.leader_retreat(leaders, result, combat_hex, side)
  local n = result.required
  for _, l in ipairs(leaders) do
    if l:alive() and l.hex == combat_hex then
      local moved = 0
      for step = 1, n do
        local cur = l.hex
        local best, opts = 0, {}
        for _, h in ipairs(leader_steps(l, cur, combat_hex, side)) do
          local d = 1 + depth(l, h, combat_hex, side, n - step)
          if d > best then best, opts = d, { h } elseif d == best then opts[#opts + 1] = h end
        end
        if #opts == 0 then break end
        local to = opts[1]
        if #opts > 1 then
          local labels = {}
          for i, h in ipairs(opts) do labels[i] = h.label end
          to = bitwa.hex.parse(bitwa.decide { side = side, kind = "retreat", options = labels,
            prompt = string.format("%s retreats %d of %d hexes from %s on his own (=8.2.6)", l.name, step, n,
              combat_hex.label) })
        end
        U().place(l, to)
        moved = moved + 1
      end
      if moved < n then
        bitwa.note(string.format("%s retreats %d of %d hexes and stops on %s (=8.2.7)", l.name, moved, n,
          l.hex.label))
      else
        bitwa.note(l.name .. " retreats on his own to " .. l.hex.label .. " (=8.2.6)")
      end
    end
  end
end

return M
