-- Melees: `melee UNITS ENEMIES` in the melee phase.  Both sides roll their
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
  -- Facing and Formation: a square has no flank or rear (NOTES.md); a unit
  -- caught changing formation is considered flanked
  if defender.formation == "square" then return "front" end
  local rel = bitwa.hex.sector(defender.hex, defender.facing, from)
  if rel == 0 or rel == 1 or rel == 5 then return defender.forming and "flank" or "front" end
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
  if u.spent > limit and not u.charged then -- chargers excepted (Melees: charge)
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
local function fights_as(u) return U().fights_as(u) end
local function front(u) return U().front(u) end

-- whether `u` charged this turn (Melees: charge, movement.lua)
local function charged(u) return u.charged end

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

-- Melees: refusing combat.  "Missile troops interspaced with other
-- infantry forming a defensive line may refuse combat and move back 3\"
-- out of melee range": an infantry unit with bows, crossbows or guns,
-- next to a friendly infantry unit without them, attacked from its front,
-- is asked whether it steps back one hex straight away from its attacker
-- (the hex must be free); then there is no melee with it.  Returns true
-- when it stepped back.  Its second half (the line driven off, the
-- missile troops must fight a charger that carries on) ends M.fight.
local MISSILES = { bow = true, longbow = true, composite_bow = true, crossbow = true, heavy_crossbow = true, arquebus = true }
function M.refuses(d, atts, aim)
  if not MISSILES[d.weapon] or U().arm(d) ~= "infantry" or d.retreat_turn > 0 then return false end
  local by
  for i, u in ipairs(atts) do
    if aim[i].name == d.name and not by then by = u end
  end
  if not by or M.position(d, by.hex) ~= "front" then return false end
  local line = false
  for _, h in ipairs(bitwa.hex.neighbours(d.hex)) do
    for _, o in ipairs(bitwa.units_at(h)) do
      if o.side == d.side and U().arm(o) == "infantry" and not MISSILES[o.weapon] then line = true end
    end
  end
  if not line then return false end
  local away = (bitwa.hex.direction(d.hex, by.hex) + 3) % 6
  local to = bitwa.hex.neighbour(d.hex, away)
  if not to or #bitwa.units_at(to) > 0 then return false end
  local pick = bitwa.decide { side = d.side, kind = "refuse_combat", options = { "fight", "step back" },
    prompt = "Melees: refusing combat: " .. d.name .. " may step back 3\" out of " .. by.name .. "'s reach" }
  if pick ~= "step back" then return false end
  -- kept for the rest of the turn: the attackers it stepped back from and
  -- the line's infantry beside it (M.fight: "must fight" when that
  -- infantry is driven off, in this melee or a later one)
  local from, line_names = {}, {}
  for i, u in ipairs(atts) do
    if aim[i].name == d.name then from[#from + 1] = u.name end
  end
  for _, h in ipairs(bitwa.hex.neighbours(d.hex)) do
    for _, o in ipairs(bitwa.units_at(h)) do
      if o.side == d.side and U().arm(o) == "infantry" and not MISSILES[o.weapon] then line_names[#line_names + 1] = o.name end
    end
  end
  if d.refused_from ~= "" then table.insert(from, 1, d.refused_from) end
  if d.refused_line ~= "" then table.insert(line_names, 1, d.refused_line) end
  d.refused_from = table.concat(from, ",")
  d.refused_line = table.concat(line_names, ",")
  d.hex = to
  bitwa.note("Melees: refusing combat: " .. d.name .. " steps back to " .. to.label)
  return true
end

-- the names of a list of units, joined
local function names(list)
  local out = {}
  for _, u in ipairs(list) do out[#out + 1] = u.name end
  return table.concat(out, ",")
end

-- melee UNITS ENEMIES: one melee, a group of meleeing troops on each side
-- (Melees: melee range, joining; excess troops).  Each attacker fights the
-- first listed enemy next to it and rolls its front rank's dice on the
-- MCT with the flank or rear bonus from where it stands; each enemy
-- strikes back at the first listed attacker next to it and not in its
-- rear; all casualties at once; then one post-melee computation for the
-- two groups, whose lower side reacts, every unit of it; then the
-- heavy-loss checks.
function M.fight(side, atts, defs, no_refusal)
  if atts.name then atts = { atts } end
  if defs.name then defs = { defs } end
  -- each attacker's enemy, and every enemy attacked by someone
  local aim, attacked = {}, {}
  for i, u in ipairs(atts) do
    for _, d in ipairs(defs) do
      if not aim[i] and not M.why_not(side, u, d) then aim[i] = d; attacked[d.name] = true end
    end
    if not aim[i] then
      local rule, msg = M.why_not(side, u, defs[1])
      refuse(rule or "Melees: melee range", msg or (u.name .. " is next to none of them"))
    end
  end
  for _, d in ipairs(defs) do
    if not attacked[d.name] then refuse("Melees: melee range", d.name .. " is attacked by none of them") end
  end
  for _, u in ipairs(atts) do u.meleed = true end
  for _, d in ipairs(defs) do d.meleed = true end
  -- Historical Options: Peasants.  To attack, 2d6 must meet the value for
  -- the enemy's type, or they do not attack; attacked, 2d6 must meet the
  -- defence value (against the most dangerous attacker), or they panic at
  -- once and do not fight (NOTES.md).
  local ga, gaim = {}, {}
  for i, u in ipairs(atts) do
    local ok = true
    if u.kind == "peasants" then
      local need = T().peasants[aim[i].kind].attack
      local roll = bitwa.roll(2, 6, "Historical Options: Peasants, " .. u.name .. " to attack " .. aim[i].name .. " (" .. need .. "+)", nil, u.side)
      if roll < need then
        bitwa.note("Historical Options: Peasants: " .. u.name .. " refuse to attack")
        ok = false
      end
    end
    if ok then ga[#ga + 1] = u; gaim[#ga] = aim[i] end
  end
  if #ga == 0 then return end
  atts, aim = ga, gaim
  local gd, stepped = {}, {}
  for _, d in ipairs(defs) do
    local ok = true
    if d.kind == "peasants" then
      local need, by = 0, nil
      for i, u in ipairs(atts) do
        if aim[i].name == d.name and T().peasants[u.kind].defend > need then need, by = T().peasants[u.kind].defend, u end
      end
      if by then
        local roll = bitwa.roll(2, 6, "Historical Options: Peasants, " .. d.name .. " to defend against " .. names(atts) .. " (" .. need .. "+)", nil, d.side)
        if roll < need then
          bitwa.note("Historical Options: Peasants: " .. d.name .. " fail to defend and panic")
          rules.morale.fall_back(d, by, T().reaction_named("panic"))
          ok = false
        end
      end
    end
    if ok and not no_refusal and M.refuses(d, atts, aim) then ok = false; stepped[#stepped + 1] = d.name end
    if ok then gd[#gd + 1] = d end
  end
  local all_atts = atts
  -- attackers whose enemy panicked or stepped back do not fight
  ga, gaim = {}, {}
  for i, u in ipairs(atts) do
    for _, d in ipairs(gd) do if d.name == aim[i].name then ga[#ga + 1] = u; gaim[#ga] = d end end
  end
  atts, aim, defs = ga, gaim, gd
  if #atts == 0 or #defs == 0 then return end
  local all_names = names(all_atts)
  local d_side = defs[1].side
  local where = {}
  for i, u in ipairs(atts) do where[i] = M.position(aim[i], u.hex) end
  -- each enemy's target: the first attacker next to it not in its rear;
  -- pikes against a charge from the front; Retreat and Panic: a unit
  -- attacked while regrouping rolls 1-2 to regroup, otherwise it takes
  -- casualties, inflicts none and runs on
  local target, runs, chargers = {}, {}, {}
  for j, d in ipairs(defs) do
    for i, u in ipairs(atts) do
      if bitwa.hex.distance(u.hex, d.hex) == 1 then
        local w = M.position(d, u.hex)
        if w ~= "rear" and not target[j] then target[j] = i end
        if aim[i].name == d.name and w == "front" and charged(u) then chargers[j] = true end
      end
    end
    if d.retreat_turn > 0 then
      local r = bitwa.roll(1, 6, "Retreat and Panic: " .. d.name .. " attacked while regrouping, 1-2 regroups",
        function(t) return t <= T().regroup_attacked end, d.side)
      if r <= T().regroup_attacked then d.retreat_turn = 0 else target[j], runs[j] = nil, true end
    end
  end
  -- all roll at once
  local kills = {}
  for i, u in ipairs(atts) do
    local d = aim[i]
    local x, y, r, plus = M.cell(fights_as(u), fights_as(d), where[i] ~= "front")
    kills[d.name] = (kills[d.name] or 0) +
      strike(M.dice(front(u), x, y), r, plus, u.name .. " attacks " .. d.name .. " (" .. where[i] .. ")", u.side)
  end
  for j, d in ipairs(defs) do
    if target[j] then
      local t = atts[target[j]]
      local x2, y2, r2 = M.cell(fights_as(d), fights_as(t), false)
      kills[t.name] = (kills[t.name] or 0) +
        strike(M.dice(M.defending_figures(d, chargers[j]), x2, y2), r2, 0, d.name .. " strikes back at " .. t.name, d.side)
    end
  end
  -- then casualties
  local function group(list, skip)
    local g = { name = names(list), side = list[1].side, losses = 0, survivors = 0, weighted = 0, start = 0, lost = {} }
    for k, u in ipairs(list) do
      local lost = math.min(kills[u.name] or 0, u.figures)
      g.lost[k] = lost
      if not (skip and skip[k]) then
        g.losses = g.losses + lost
        g.survivors = g.survivors + u.figures - lost
        g.weighted = g.weighted + (u.figures - lost) * U().morale_factor(u)
        g.start = g.start + u.figures
      end
    end
    return g
  end
  local a, b = group(atts), group(defs, runs)
  local parts = {}
  for k, u in ipairs(atts) do parts[#parts + 1] = u.name .. " loses " .. a.lost[k] end
  for k, d in ipairs(defs) do parts[#parts + 1] = d.name .. " loses " .. b.lost[k] end
  bitwa.note("Melees: " .. table.concat(parts, ", "))
  local a_names, d_names, aim_names = {}, {}, {}
  for k, u in ipairs(atts) do a_names[k] = u.name; aim_names[k] = aim[k].name; U().lose(u, a.lost[k]) end
  for k, d in ipairs(defs) do d_names[k] = d.name; U().lose(d, b.lost[k]) end
  local function alive(n)
    local u = bitwa.unit(n)
    if u and u.hex ~= nil then return u end
  end
  local sa, sd = {}, {}
  for _, n in ipairs(a_names) do sa[#sa + 1] = alive(n) end
  for k, n in ipairs(d_names) do
    local d = alive(n)
    -- a regrouping unit that failed to regroup continues its retreat
    -- instead (Retreat and Panic, Continued Retreat or Panic; NOTES.md)
    if d and runs[k] and #sa > 0 then rules.morale.move_again(d)
    elseif d then sd[#sd + 1] = d end
  end
  -- then morale: the post-melee computation when both groups still stand
  local beaten = #sa > 0 and #sd == 0
  if #sa > 0 and #sd > 0 then
    local ta, tb, diff, who = rules.morale.post_melee(a, b)
    beaten = who == "b" and T().reaction(diff).result ~= "continue"
    bitwa.note("Post-Melee Morale Checks: " .. a.name .. " " .. ta .. ", " .. b.name .. " " .. tb)
    if who == "a" then
      for k, n in ipairs(a_names) do
        local u = alive(n)
        if u then rules.morale.react(u, alive(aim_names[k]) or sd[1], diff) end
      end
    elseif who == "b" then
      for _, n in ipairs(d_names) do
        local d = alive(n)
        if d then
          local from = sa[1]
          for _, u in ipairs(sa) do
            if u.hex ~= nil and bitwa.hex.distance(u.hex, d.hex) == 1 then from = u; break end
          end
          rules.morale.react(d, from, diff)
        end
      end
    end
  end
  -- and the heavy-loss checks, after the melee
  for _, n in ipairs(a_names) do
    local x_ = alive(n)
    if x_ then rules.morale.loss_check(x_) end
  end
  for _, n in ipairs(d_names) do
    local x_ = alive(n)
    if x_ then rules.morale.loss_check(x_) end
  end
  -- Melees: charge: chargers victorious in the first round (the melee of
  -- the charge's turn) carry on with the balance of their charge move
  local standing = false
  for _, n in ipairs(d_names) do
    local d = alive(n)
    if d and not beaten then standing = true end
  end
  if not standing then
    -- Melees: refusing combat, "if the other infantry who are meleed are
    -- killed or driven away, the missile troops must fight if the
    -- attacker is able to continue his charge move": the missile troops
    -- that stepped back (in this melee or an earlier one of the turn) from
    -- beside an infantry unit of this melee must fight.  Every charger of
    -- this melee, and every attacker they stepped back from, with a hex of
    -- its charge move left carries on; the missile troops fight the
    -- chargers next to them then, with no second refusal
    local was_enemy = {}
    for _, n in ipairs(d_names) do was_enemy[n] = true end
    local backs = {}
    for _, o in ipairs(bitwa.units { side = d_side }) do
      if o.hex ~= nil and o.refused_line ~= "" then
        local beside = false
        for n in o.refused_line:gmatch("[^,]+") do if was_enemy[n] then beside = true end end
        if beside then backs[#backs + 1] = o.name end
      end
    end
    local able, seen = {}, {}
    local function may_go_on(n)
      if seen[n] then return end
      seen[n] = true
      local u = alive(n)
      if u and u.side ~= d_side and u.charged and S().mp(U().movement_row(u).charge) - u.spent >= S().hex_mp() then
        able[#able + 1] = n
      end
    end
    if #backs > 0 then
      for n in all_names:gmatch("[^,]+") do may_go_on(n) end
      for _, bn in ipairs(backs) do
        for n in bitwa.unit(bn).refused_from:gmatch("[^,]+") do may_go_on(n) end
      end
    end
    for _, n in ipairs(a_names) do
      local u = alive(n)
      if u and u.charged then rules.movement.breakthrough(u) end
    end
    for _, n in ipairs(able) do
      local u = alive(n)
      local fought = false
      for _, m in ipairs(a_names) do if m == n then fought = true end end
      if u and not fought then rules.movement.breakthrough(u) end
    end
    for _, sn in ipairs(backs) do
      local st = alive(sn)
      local by = {}
      for _, n in ipairs(able) do
        local u = alive(n)
        if st and u and bitwa.hex.distance(u.hex, st.hex) == 1 then by[#by + 1] = u end
      end
      if #by > 0 then
        bitwa.note("Melees: refusing combat: the infantry beside " .. sn .. " is driven off; " .. sn .. " must fight " .. names(by))
        st.refused_line = ""
        st.meleed = false
        for _, u in ipairs(by) do u.meleed = false end
        M.fight(by[1].side, by, { st }, true)
      end
    end
  end
end

return M
