-- Melees: `melee UNITS ENEMY` in the melee phase.  Both sides roll their
-- Mass Combat Table dice at once, then casualties are removed, then the
-- post-melee morale computation and the heavy-loss checks are made
-- (Melees: resolution).  Only the front rank fights (Melees: number of
-- ranks permitted to melee); an attack from the flank or the rear fights
-- one class higher, and from the rear cannot be harmed (Melees: flank
-- attack, rear attack); pikemen defend against a charge with every rank.
-- Several counters may fight one enemy together (joining a melee, excess
-- troops on its flanks: a group of meleeing troops).  Peasants roll to
-- attack and to defend (Historical Options: Peasants).
local M = {}
local function T() return rules.tables end
local function S() return rules.scale end
local function U() return rules.units end

-- "front", "flank" or "rear": where an attacker on hex `from` stands
-- relative to the defender's facing, by hexside sector (bitwa.hex.sector:
-- the three front hexsides, the two side ones, the one behind; NOTES.md)
function M.position(defender, from)
  local rel = bitwa.hex.sector(defender.hex, defender.facing, from)
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

-- each unit against each enemy it may fight, and every unit that may
-- against an enemy two or more may fight together
function M.legal(side)
  local out, by_enemy, enemies = {}, {}, {}
  for _, u in ipairs(bitwa.units { side = side }) do
    if u.hex ~= nil then
      for _, h in ipairs(bitwa.hex.neighbours(u.hex)) do
        for _, e in ipairs(bitwa.units_at(h)) do
          if not M.why_not(side, u, e) then
            out[#out + 1] = { u.name, e.name }
            if not by_enemy[e.name] then by_enemy[e.name] = {}; enemies[#enemies + 1] = e.name end
            local l = by_enemy[e.name]
            l[#l + 1] = u.name
          end
        end
      end
    end
  end
  for _, n in ipairs(enemies) do
    local l = by_enemy[n]
    if #l > 1 then out[#out + 1] = { table.concat(l, ","), n } end
  end
  return out
end

function M.nobody_in_contact()
  for _, s in ipairs(bitwa.sides()) do
    if #M.legal(s) > 0 then return false end
  end
  return not rules.sieges.can_batter()
end

-- the type a unit fights as on the MCT, and the figures of its front rank
-- (the units module may refine both: fatigue, formations)
local function fights_as(u) return (U().fights_as or U().type)(u) end
local function front(u)
  if U().front then return U().front(u) end
  return S().front(U().arm(u), u.figures)
end

-- whether `u` charged this turn (Melees: charge; the movement rules keep
-- the attribute `charged` where they exist)
local function charged(u)
  local ok, v = pcall(function() return u.charged end)
  return ok and v == true
end

-- Melees: number of ranks permitted to melee.  The front rank; pikemen
-- attacked by a charging enemy from the front defend with every rank of
-- the counter ("three to five ranks of pikemen may defend against a
-- charge", NOTES.md).
function M.defending_figures(e, frontal_chargers)
  if e.weapon == "pike" and frontal_chargers then
    return S().in_ranks(U().arm(e), e.figures, S().RANKS[U().arm(e)])
  end
  return front(e)
end

-- the names of a list of units, joined
local function names(list)
  local out = {}
  for _, u in ipairs(list) do out[#out + 1] = u.name end
  return table.concat(out, ",")
end

-- melee UNITS ENEMY: one melee, the attackers together against one enemy
-- (Melees: melee range, joining; a group of meleeing troops).  Each
-- attacker rolls its front rank's dice on the MCT, with the flank or rear
-- bonus from where it stands; the enemy strikes back at the first of them
-- not in its rear; all casualties at once; then one post-melee
-- computation for the group against the enemy, whose lower side reacts,
-- every unit of it; then the heavy-loss checks.
function M.fight(side, atts, e)
  if atts.name then atts = { atts } end
  for _, u in ipairs(atts) do
    local rule, msg = M.why_not(side, u, e)
    if rule then refuse(rule, msg) end
  end
  for _, u in ipairs(atts) do u.meleed = true end
  e.meleed = true
  -- Historical Options: Peasants.  To attack, 2d6 must meet the value for
  -- the enemy's type, or they do not attack; attacked, 2d6 must meet the
  -- defence value (against the most dangerous attacker), or they panic at
  -- once and there is no melee (NOTES.md).
  local going = {}
  for _, u in ipairs(atts) do
    local ok = true
    if u.kind == "peasants" then
      local need = T().peasants[e.kind].attack
      local roll = bitwa.roll(2, 6, "Historical Options: Peasants, " .. u.name .. " to attack " .. e.name .. " (" .. need .. "+)", nil, u.side)
      if roll < need then
        bitwa.note("Historical Options: Peasants: " .. u.name .. " refuse to attack")
        ok = false
      end
    end
    if ok then going[#going + 1] = u end
  end
  if #going == 0 then return end
  atts = going
  if e.kind == "peasants" then
    local need = 0
    for _, u in ipairs(atts) do need = math.max(need, T().peasants[u.kind].defend) end
    local roll = bitwa.roll(2, 6, "Historical Options: Peasants, " .. e.name .. " to defend against " .. names(atts) .. " (" .. need .. "+)", nil, e.side)
    if roll < need then
      bitwa.note("Historical Options: Peasants: " .. e.name .. " fail to defend and panic")
      rules.morale.fall_back(e, atts[1], T().reaction_named("panic"))
      return
    end
  end
  -- Retreat and Panic: a unit attacked while regrouping rolls 1-2 to
  -- regroup; otherwise it takes casualties and inflicts none
  local where, target, chargers = {}, nil, false
  for i, u in ipairs(atts) do
    where[i] = M.position(e, u.hex)
    if where[i] ~= "rear" and not target then target = i end
    if where[i] == "front" and charged(u) then chargers = true end
  end
  local e_runs = false
  if e.retreat_turn > 0 then
    local d = bitwa.roll(1, 6, "Retreat and Panic: " .. e.name .. " attacked while regrouping, 1-2 regroups",
      function(t) return t <= T().regroup_attacked end, e.side)
    if d <= T().regroup_attacked then e.retreat_turn = 0 else target, e_runs = nil, true end
  end
  -- all roll at once
  local kills_e = 0
  for i, u in ipairs(atts) do
    local x, y, r, plus = M.cell(fights_as(u), fights_as(e), where[i] ~= "front")
    kills_e = kills_e + strike(M.dice(front(u), x, y), r, plus, u.name .. " attacks " .. e.name .. " (" .. where[i] .. ")", u.side)
  end
  local kills = {}
  for i = 1, #atts do kills[i] = 0 end
  if target then
    local t = atts[target]
    local x2, y2, r2 = M.cell(fights_as(e), fights_as(t), false)
    kills[target] = strike(M.dice(M.defending_figures(e, chargers), x2, y2), r2, 0, e.name .. " strikes back at " .. t.name, e.side)
  end
  -- then casualties
  local a = { name = names(atts), side = atts[1].side, losses = 0, survivors = 0, weighted = 0, start = 0 }
  local lost_e = math.min(kills_e, e.figures)
  local b = { name = e.name, side = e.side, losses = lost_e, survivors = e.figures - lost_e,
              weighted = (e.figures - lost_e) * U().morale_factor(e), start = e.figures }
  local parts = {}
  for i, u in ipairs(atts) do
    local lost = math.min(kills[i], u.figures)
    a.losses = a.losses + lost
    a.survivors = a.survivors + u.figures - lost
    a.weighted = a.weighted + (u.figures - lost) * U().morale_factor(u)
    a.start = a.start + u.figures
    parts[#parts + 1] = u.name .. " loses " .. lost
  end
  bitwa.note("Melees: " .. table.concat(parts, ", ") .. ", " .. e.name .. " loses " .. lost_e)
  local a_names = {}
  for i, u in ipairs(atts) do
    a_names[i] = u.name
    U().lose(u, math.min(kills[i], u.figures))
  end
  local e_name = e.name
  U().lose(e, lost_e)
  e = bitwa.unit(e_name)
  local standing = {}
  for _, n in ipairs(a_names) do
    local u = bitwa.unit(n)
    if u and u.hex ~= nil then standing[#standing + 1] = u end
  end
  -- then morale: the post-melee computation when both sides still stand;
  -- a regrouping unit that failed to regroup continues its retreat instead
  -- (Retreat and Panic, Continued Retreat or Panic; NOTES.md)
  if e and e.hex ~= nil and e_runs and #standing > 0 then
    rules.morale.move_again(e)
  elseif e and e.hex ~= nil and #standing > 0 then
    local ta, tb, diff, who = rules.morale.post_melee(a, b)
    bitwa.note("Post-Melee Morale Checks: " .. a.name .. " " .. ta .. ", " .. e_name .. " " .. tb)
    if who == "a" then
      for _, u in ipairs(standing) do
        if u.hex ~= nil then rules.morale.react(u, e, diff) end
      end
    elseif who == "b" then
      rules.morale.react(e, standing[1], diff)
    end
  end
  -- and the heavy-loss checks, after the melee
  for _, n in ipairs(a_names) do
    local x_ = bitwa.unit(n)
    if x_ and x_.hex ~= nil then rules.morale.loss_check(x_) end
  end
  local x_ = bitwa.unit(e_name)
  if x_ and x_.hex ~= nil then rules.morale.loss_check(x_) end
end

return M
