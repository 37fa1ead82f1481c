-- Morale: the post-melee computation and its reactions, and the checks due
-- to heavy losses (the Loss Table), the retreat and panic moves,
-- regrouping and continued retreat.
local M = {}
local function T() return rules.tables end
local function S() return rules.scale end
local function U() return rules.units end

-- Morale Checks Due to Heavy Losses.  When the losses reach the table's
-- percentage of the original strength the unit rolls 2d6 (the score to
-- remain); a unit that passed is removed when it loses that percentage
-- again, twice the percentage in all (NOTES.md, A-130).  Failure removes
-- it (a surrounded unit surrenders).  Returns "stands", "removed",
-- "surrendered" or nil (no check due).
function M.loss_check(u)
  local row = T().loss[U().type(u)]
  local lost = u.figures_start - u.figures
  local num, den = row.pct[1], row.pct[2]
  local times = u.loss_checked and 2 or 1
  if lost * den < u.figures_start * num * times then return nil end
  if u.loss_checked then
    bitwa.note("Morale Checks Due to Heavy Losses: " .. u.name .. " has lost the percentage again and is removed")
    bitwa.remove(u)
    return "removed"
  end
  local bonus = (u.religious and T().religious_morale or 0) + (u.fatigued and T().fatigue_morale or 0)
  local roll = bitwa.roll(2, 6, "Morale Checks Due to Heavy Losses: " .. u.name .. " needs " .. row.score,
    function(t) return t + bonus >= row.score end, u.side)
  -- Historical Options: Religious Knights, "+1 on all morale checks";
  -- Fatigue: "-1 on ... dice rolls"
  roll = roll + bonus
  if roll >= row.score then
    u.loss_checked = true
    return "stands"
  end
  -- "removed from the game immediately unless surrounded.  And surrounded
  -- units immediately surrender" (either way the unit leaves the battle)
  if M.surrounded(u) then
    bitwa.note("Morale Checks Due to Heavy Losses: " .. u.name .. " rolled " .. roll .. ", is surrounded and surrenders")
    bitwa.remove(u)
    return "surrendered"
  end
  bitwa.note("Morale Checks Due to Heavy Losses: " .. u.name .. " rolled " .. roll .. " and is removed")
  bitwa.remove(u)
  return "removed"
end

-- surrounded: no way out, every neighbouring hex on the map holds a unit,
-- and at least one of them an enemy (NOTES.md)
function M.surrounded(u)
  local enemy = false
  for _, h in ipairs(bitwa.hex.neighbours(u.hex)) do
    local there = bitwa.units_at(h)
    if #there == 0 then return false end
    for _, o in ipairs(there) do if o.side ~= u.side then enemy = true end end
  end
  return enemy
end

-- Post-Melee Morale Checks, steps 1-4, for two sides of one melee.
-- a, b = { losses =, survivors =, weighted = survivors x factor, start =
-- figures before the round, name = }; `die` is rolled only when the losses
-- differ.  Returns the totals, the difference and the side that reacts
-- ("a", "b" or nil).
function M.post_melee(a, b)
  local ta, tb = a.weighted, b.weighted
  if a.losses ~= b.losses then
    local fewer = a.losses < b.losses and a or b
    local d = bitwa.roll(1, 6, "Post-Melee Morale Checks: step 1, " .. fewer.name .. " had fewer losses", nil, fewer.side)
    local score = math.abs(a.losses - b.losses) * d
    if fewer == a then ta = ta + score else tb = tb + score end
  end
  if a.survivors > b.survivors then ta = ta + a.survivors - b.survivors
  elseif b.survivors > a.survivors then tb = tb + b.survivors - a.survivors end
  if a.start < T().small_melee_figures and b.start < T().small_melee_figures then
    ta, tb = ta * T().small_melee_factor, tb * T().small_melee_factor
  end
  local who = ta < tb and "a" or (tb < ta and "b" or nil)
  return ta, tb, math.abs(ta - tb), who
end

-- The hexes a unit goes back, straight away from `from` (the direction of
-- the hexside sector it lies in, bitwa.hex.sector): stops before a
-- unit (a formed friendly body stops a retreat or panic and both regroup:
-- Contact with Another Unit) or the enemy; off the table it is removed.
local function go_back(u, from, hexes, backs_to_enemy, why)
  -- the hexside sector the enemy lies in (the first of two on a corner
  -- line), whatever its distance: the direction to it
  local toward = bitwa.hex.sector(u.hex, 0, from)
  if toward == nil then return true end -- in the same hex: nowhere to go away from
  local away = (toward + 3) % 6
  for _ = 1, hexes do
    local nxt = bitwa.hex.neighbour(u.hex, away, true)
    if not bitwa.hex.on_map(nxt) then
      bitwa.note((why or "Continued Retreat or Panic") .. ": " .. u.name .. " leaves the table and is removed")
      bitwa.remove(u)
      return false
    end
    local there = bitwa.units_at(nxt)
    if #there > 0 then
      if backs_to_enemy then
        for _, o in ipairs(there) do
          if o.side == u.side and o.retreat_turn == 0 then
            o.retreat_turn = 1
            o.fell_back = bitwa.turn()
            bitwa.note("Contact with Another Unit: " .. u.name .. " stops at " .. o.name .. "; both regroup")
          end
        end
      end
      break
    end
    u.hex = nxt
  end
  if backs_to_enemy then u.facing = away end
  return true
end
M.go_back = go_back

-- Post-Melee Morale Checks, step 4: the reaction of `u`, the lower total,
-- by `diff`, away from `enemy`.
function M.react(u, enemy, diff)
  local r = T().reaction(diff)
  -- Historical Options: Religious Knights "never surrender": they panic
  -- instead (NOTES.md)
  if r.result == "surrender" and u.religious then r = T().reaction_named("panic") end
  u.reaction = r.result
  if r.result == "continue" then return r end
  bitwa.note("Post-Melee Morale Checks: " .. u.name .. " (" .. diff .. "): " .. r.result)
  return M.fall_back(u, enemy, r)
end

-- a reaction row applied: surrender removes the unit; a back move, retreat
-- or panic moves it its share of its own move away from `enemy`
function M.fall_back(u, enemy, r)
  u.reaction = r.result
  if r.result == "surrender" then
    bitwa.remove(u)
    return r
  end
  local inches = U().movement_row(u).move
  local n = S().move_hexes(inches, r.moves[1], r.moves[2])
  local retreat = not r.good_order
  if go_back(u, enemy.hex, n, retreat) and retreat then
    u.retreat_turn = 1
    u.fell_back = bitwa.turn()
  end
  return r
end

-- the nearest enemy unit (the one a retreat runs from), by distance then
-- name
function M.nearest_enemy(u)
  local best, bd
  for _, o in ipairs(bitwa.units {}) do
    if o.side ~= u.side and o.hex ~= nil then
      local d = bitwa.hex.distance(u.hex, o.hex)
      if not best or d < bd or (d == bd and o.name < best.name) then best, bd = o, d end
    end
  end
  return best
end

-- Continued Retreat or Panic: "the unit must immediately be moved again,
-- another turn of movement noted on their records": the same reaction's
-- distance again, away from the nearest enemy; the fourth turn of retreat
-- removes it.  Returns false when the unit is gone.
function M.move_again(u)
  local k = u.retreat_turn + 1
  if T().regroup[k] == "removed" or k > #T().regroup then
    bitwa.note("Continued Retreat or Panic: " .. u.name .. " is in its turn " .. k .. " of retreat and is removed")
    bitwa.remove(u)
    return false
  end
  local r = T().reaction_named(u.reaction == "panic" and "panic" or "retreat")
  local enemy = M.nearest_enemy(u)
  bitwa.note("Continued Retreat or Panic: " .. u.name .. " moves on (turn " .. k .. " of retreat)")
  if enemy then
    local n = S().move_hexes(U().movement_row(u).move, r.moves[1], r.moves[2])
    if not go_back(u, enemy.hex, n, true) then return false end
  end
  u.retreat_turn = k
  u.fell_back = bitwa.turn()
  return true
end

-- Retreat and Panic, Continued Retreat or Panic: at the start of each
-- turn.  A unit that fell back last turn in its first turn of retreat
-- stands this turn to regroup ("automatic on next turn, unless
-- attacked"): it is formed again from the turn after.  A unit in its
-- second or third turn of retreat dices at the start of the turn after
-- it moved: 3-6, then 6, regroups it; otherwise it moves again at once
-- (M.move_again), and a fourth turn removes it.
function M.turn_start()
  local now = bitwa.turn()
  for _, u in ipairs(bitwa.units {}) do
    if u.retreat_turn > 0 and u.hex ~= nil then
      local k = u.retreat_turn
      if k == 1 then
        if u.fell_back <= now - 2 then
          u.retreat_turn = 0
          bitwa.note("Continued Retreat or Panic: " .. u.name .. " has regrouped")
        end
      else
        local need = T().regroup[k]
        if need == "removed" or need == nil then
          M.move_again(u)
        else
          local d = bitwa.roll(1, 6, "Continued Retreat or Panic: " .. u.name .. ", turn " .. k .. " of retreat, "
            .. need .. "+ regroups", function(t) return t >= need end, u.side)
          if d >= need then
            u.retreat_turn = 0
            bitwa.note("Continued Retreat or Panic: " .. u.name .. " regroups")
          else
            M.move_again(u)
          end
        end
      end
    end
  end
end

return M
