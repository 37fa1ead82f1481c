-- Melees: `melee UNIT ENEMY` in the melee phase.  Both units roll their
-- Mass Combat Table dice at once, then casualties are removed, then the
-- post-melee morale computation and the heavy-loss checks are made
-- (Melees: resolution).  Only the front rank fights (Melees: number of
-- ranks permitted to melee); an attack from the flank or the rear fights
-- one class higher, and from the rear cannot be harmed (Melees: flank
-- attack, rear attack).  Peasants roll to attack and to defend (Historical
-- Options: Peasants).  Charges, pikes, joining by excess troops and
-- fatigue are not implemented yet (DESIGN.md).
local M = {}
local function T() return rules.tables end
local function S() return rules.scale end
local function U() return rules.units end

-- "front", "flank" or "rear": where an attacker on hex `from` stands
-- relative to the defender's facing (on hexes: the three front hexsides,
-- the two side ones, the one behind; NOTES.md)
function M.position(defender, from)
  local rel = (bitwa.hex.direction(defender.hex, from) - defender.facing) % 6
  if rel == 0 or rel == 1 or rel == 5 then return "front" end
  if rel == 3 then return "rear" end
  return "flank"
end

-- Melees: casualties.  The MCT cell for `atk` attacking `def` (types), with
-- the flank/rear bonus: the next higher class of the attacker's arm, or +1
-- on each die for the heaviest class.  Returns X, Y, R, bonus.
function M.cell(atk, def, bonus_class)
  local plus = 0
  if bonus_class then
    local arm = T().arm[atk]
    local c = T().class[atk]
    if c < 3 then atk = T().by_class[arm][c + 1] else plus = 1 end
  end
  local cell = T().mct[atk][def]
  return cell[1], cell[2], cell[3], plus
end

-- the dice of `figures` fighting figures on cell X/Y: X per Y, rounded down
function M.dice(figures, x, y) return figures * x // y end

-- roll `n` dice, one at a time, each killing on R - plus or more; returns
-- the kills
local function strike(n, r, plus, who, side)
  local k = 0
  for i = 1, n do
    local f = bitwa.roll(1, 6, "Melees: casualties, " .. who .. ", die " .. i .. " of " .. n .. " (" .. (r - plus) .. "+)",
      function(t) return t + plus >= r end, side)
    if f + plus >= r then k = k + 1 end
  end
  return k
end

-- Melees: melee range.  Why `u` may not fight `e` (rule, message), or nil.
function M.why_not(side, u, e)
  if u.side ~= side then return "Melees", u.name .. " is not " .. side .. "'s" end
  if e.side == side then return "Melees", e.name .. " is not an enemy" end
  if u.hex == nil or e.hex == nil then return "Melees", "both units must be on the map" end
  if bitwa.hex.distance(u.hex, e.hex) ~= 1 then return "Melees: melee range", e.name .. " is not within 3\" of " .. u.name end
  if u.meleed then return "Melees", u.name .. " has fought this turn" end
  if e.meleed then return "Melees", e.name .. " has fought this turn" end
  if u.retreat_turn > 0 then return "Retreat and Panic", u.name .. " is regrouping" end
  local mr, mm = rules.historical.will_not_attack(u)
  if mr then return mr, mm end
  -- joining: not moved over half its move or 6", whichever is higher
  local move = U().movement_row(u).move
  local limit = math.max(S().mp(move) // 2, S().mp(T().join_inches))
  if u.spent > limit then
    return "Melees: melee range", u.name .. " moved " .. u.spent .. " MP this turn, more than " .. limit
  end
  return nil
end

function M.legal(side)
  local out = {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil then
      for _, h in ipairs(bitwa.hex.neighbours(u.hex)) do
        for _, e in ipairs(bitwa.units_at(h)) do
          if not M.why_not(side, u, e) then out[#out + 1] = { u.name, e.name } end
        end
      end
    end
  end
  return out
end

function M.nobody_in_contact()
  for _, s in ipairs(bitwa.sides()) do
    if #M.legal(s) > 0 then return false end
  end
  return not rules.sieges.can_batter()
end

function M.fight(side, u, e)
  local rule, msg = M.why_not(side, u, e)
  if rule then refuse(rule, msg) end
  u.meleed, e.meleed = true, true
  -- Historical Options: Peasants.  To attack, 2d6 must meet the value for
  -- the enemy's type, or they do not attack; attacked, 2d6 must meet the
  -- defence value, or they panic at once and there is no melee (NOTES.md).
  if u.kind == "peasants" then
    local need = T().peasants[e.kind].attack
    local roll = bitwa.roll(2, 6, "Historical Options: Peasants, " .. u.name .. " to attack " .. e.name .. " (" .. need .. "+)", nil, u.side)
    if roll < need then
      bitwa.note("Historical Options: Peasants: " .. u.name .. " refuse to attack")
      return
    end
  end
  if e.kind == "peasants" then
    local need = T().peasants[u.kind].defend
    local roll = bitwa.roll(2, 6, "Historical Options: Peasants, " .. e.name .. " to defend against " .. u.name .. " (" .. need .. "+)", nil, e.side)
    if roll < need then
      bitwa.note("Historical Options: Peasants: " .. e.name .. " fail to defend and panic")
      rules.morale.fall_back(e, u, T().reaction_named("panic"))
      return
    end
  end
  local where = M.position(e, u.hex)
  local bonus = where ~= "front"
  -- Retreat and Panic: a unit attacked while regrouping rolls 1-2 to
  -- regroup; otherwise it takes casualties and inflicts none
  local e_strikes = where ~= "rear"
  local e_runs = false
  if e.retreat_turn > 0 then
    local d = bitwa.roll(1, 6, "Retreat and Panic: " .. e.name .. " attacked while regrouping, 1-2 regroups",
      function(t) return t <= T().regroup_attacked end, e.side)
    if d <= T().regroup_attacked then e.retreat_turn = 0 else e_strikes, e_runs = false, true end
  end
  -- both roll at once
  local x, y, r, plus = M.cell(U().type(u), U().type(e), bonus)
  local n_u = M.dice(S().front(U().arm(u), u.figures), x, y)
  local kills_e = strike(n_u, r, plus, u.name .. " attacks " .. e.name .. " (" .. where .. ")", u.side)
  local kills_u = 0
  if e_strikes then
    local x2, y2, r2 = M.cell(U().type(e), U().type(u), false)
    local n_e = M.dice(S().front(U().arm(e), e.figures), x2, y2)
    kills_u = strike(n_e, r2, 0, e.name .. " strikes back", e.side)
  end
  -- then casualties
  local start_u, start_e = u.figures, e.figures
  local lost_u, lost_e = math.min(kills_u, start_u), math.min(kills_e, start_e)
  bitwa.note("Melees: " .. u.name .. " loses " .. lost_u .. ", " .. e.name .. " loses " .. lost_e)
  local a = { name = u.name, side = u.side, losses = lost_u, survivors = start_u - lost_u,
              weighted = (start_u - lost_u) * U().morale_factor(u), start = start_u }
  local b = { name = e.name, side = e.side, losses = lost_e, survivors = start_e - lost_e,
              weighted = (start_e - lost_e) * U().morale_factor(e), start = start_e }
  local u_name, e_name = u.name, e.name
  U().lose(u, lost_u)
  U().lose(e, lost_e)
  u, e = bitwa.unit(u_name), bitwa.unit(e_name)
  -- then morale: the post-melee computation when both still stand; a
  -- regrouping unit that failed to regroup continues its retreat instead
  -- (Retreat and Panic, Continued Retreat or Panic; NOTES.md)
  if u and e and e_runs and e.hex ~= nil then
    rules.morale.move_again(e)
  elseif u and e then
    local ta, tb, diff, who = rules.morale.post_melee(a, b)
    bitwa.note("Post-Melee Morale Checks: " .. u_name .. " " .. ta .. ", " .. e_name .. " " .. tb)
    if who == "a" then rules.morale.react(u, e, diff)
    elseif who == "b" then rules.morale.react(e, u, diff) end
  end
  -- and the heavy-loss checks, after the melee
  for _, name in ipairs { u_name, e_name } do
    local x_ = bitwa.unit(name)
    if x_ and x_.hex ~= nil then rules.morale.loss_check(x_) end
  end
end

return M
