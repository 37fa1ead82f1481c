-- A bot for the Medieval rules: cheap, read-only heuristics so that a
-- whole battle plays in seconds.  It moves to contact (each unit toward
-- the nearest enemy, or one little farther that it may attack at better
-- odds, turning to face it, one path order for the way, never into
-- terrain that would disorganize it) where the rules' own evaluation of
-- the combat, with the units already in contact with that enemy, puts it
-- at 1:1 or better, has horse archers shoot before they fight, rallies disorganized
-- and panicked units, and moves leaders last onto a second-line hex of
-- friendly units (out of contact, a full stack, within command range of
-- their troops), in a cavalry movement phase only by a way no enemy
-- cavalry can countercharge on any hex (the rules' own 5.7 checks), else
-- in the infantry movement phase; the last unit on a leader's hex stays
-- with him and no unit on it countercharges; a lone leader with no hex to
-- go to keeps away from the enemy, and with the battle lost (a quarter of
-- the enemy's field units) leaders make for their side's edge and leave
-- the map.  It fires when it can and countercharges at 2:1 or better (the
-- rules' column, with the CF the countercharger will have), never into
-- rough terrain; attacks whatever it must or may with every unit that can
-- join, brings reinforcements on near the enemy, hunts the lone enemy
-- leaders within reach, keeps a quarter of its cavalry in reserve behind
-- the line in the first half of the battle (committed against a shaken
-- enemy within reach, or when the line is spent; M.reserve), makes no
-- voluntary pursuit, retreats away from
-- the enemy, out of rough terrain, not through its own foot (5.4.4) nor
-- past a leader it would leave alone, and takes losses on its strongest
-- unit.  The engine's "rules"
-- bot calls propose(side, tried) and answer(request); it proposes only
-- lines the rules accept (a refused line would be added to `tried` and
-- the bot asked again).
local M = {}

local function enemy_field_units(side)
  return rules.units.field_units(rules.units.enemy(side))
end

-- Cube coordinates of a hex in plain arithmetic (the bot measures many
-- distances; the kernel's are the same numbers, one call each).
-- Each hex's are kept for the game (hexes are interned: a hex is its own
-- key).
local memo = cache()   -- memo.odd_down: the grid's parity (a memo: emptied when another game is played)
local cube_x, cube_z = cache(), cache()   -- hex -> its cube x, z (memos, as memo)
local function cube(h)
  local x = cube_x[h]
  if x then return x, cube_z[h] end
  local odd_down = memo.odd_down
  if odd_down == nil then odd_down = bitwa.map.grid().parity == "odd-down"; memo.odd_down = odd_down end
  local c, r = h.col, h.row
  local z = odd_down and (r - (c - (c & 1)) // 2) or (r - (c + (c & 1)) // 2)
  cube_x[h], cube_z[h] = c, z
  return c, z
end

-- The places of units as { x, z, hex }, read once (reading a unit's
-- fields crosses into the kernel; the bot measures many distances).
local function places(units)
  local out = {}
  for _, e in ipairs(units) do
    local h = e.hex
    if h and not rules.units.is_panicked(e) then
      local x, z = cube(h)
      out[#out + 1] = { x, z, h }
    end
  end
  return out
end

-- The nearest of the places and its distance (nil when none).
local function nearest(h, list)
  local hx, hz = cube(h)
  local best, bd = nil, nil
  for i = 1, #list do
    local p = list[i]
    local dx, dz = p[1] - hx, p[2] - hz
    local dy = dx + dz
    if dx < 0 then dx = -dx end                   -- the three absolute values, without calls
    if dz < 0 then dz = -dz end
    if dy < 0 then dy = -dy end
    local d = (dx + dz + dy) // 2
    if not bd or d < bd then best, bd = p[3], d end
  end
  return best, bd
end

-- The facing from h that looks most directly at target.
local function facing_toward(h, target)
  local best, bd = nil, nil
  for d = 0, 5 do
    local n = bitwa.hex.neighbour(h, d, true)
    local dist = bitwa.hex.distance(n, target)
    if not bd or dist < bd then best, bd = d, dist end
  end
  return best
end

local function line(...) return table.concat({ ... }, " ") end

-- The lowest column the bot attacks or countercharges at by choice:
-- from 1:1 on (T.columns' 4th) the attacker's expected SP loss on the
-- COMBAT TABLE is no more than the defender's (losses and retreats).
local FAIR_COLUMN = 4

-- How much farther than the nearest enemy a unit looks for one it may
-- attack at a fair column (hexes).
local NEAR_SLACK = 3

local safe_path, fair_attack, rough, guards_leader, pursuit_worth

-- Lines are proposed only when the rules accept them now: the bot asks
-- the rules' own checks (movement.check_move and check_turn, with 4.1.2
-- "units move one after another"; ranged.formation_check;
-- combat.check_attack) before it proposes a line, so the game refuses
-- none.  `tried` still holds any line refused all the same, and such a
-- line is not proposed again.

-- Whether the bot leaves u alone for lines of this kind ("move",
-- "turn", "formation") now; ctx is a table for the call's own caching.
-- The English bot bars nothing; a ruleset's bot may (rules.bot.barred).
function M.barred(side, u, kind, ctx)
  return false
end

local function barred(side, u, kind, ctx) return rules.bot.barred(side, u, kind, ctx) end

-- Whether the leaders' lines after every field unit has none (the last
-- of a movement phase's lines, M.propose) are left out now: a ruleset's
-- bot whose propose puts the same line in place of any leader's line and
-- of no line at all says so here.  The English bot asks them.
function M.leaders_after(side, tried)
  return false
end

-- Whether u fights by fire first: the horse archers, who shoot at
-- adjacent enemies in their own movement phase too [11.5.4] [11.5.6], and
-- whom the CF gives no modifier [11.5.3]: they shoot before the attack
-- phase and attack only when the rules make them (5.2.2).  (Waiting 2
-- hexes off the enemy was tried: charged there, they lost more.)  A
-- ruleset's bot may judge otherwise.
function M.skirmisher(u)
  return u.kind == "horse_archers"
end

-- [5.2.3] An enemy in the ZoC of a unit of ours that has fought, not
-- attacked yet: while a unit of ours may still attack it, the phase
-- does not end (combat.check_mandatory).  The legal attack on it with the
-- most attackers (the first the rules list among equals), as a line, or
-- nil.  Asked when the bot has no other attack to make; a ruleset's bot
-- may choose otherwise.
function M.owed_attack(side, tried)
  local done, owed = rules.combat.attacked(), {}
  for _, u in ipairs(rules.units.field_units(side)) do
    if u.fought then
      for _, e in ipairs(rules.zoc.enemies_in_zoc(u)) do
        if not done[e.name] then owed[#owed + 1] = e.name end
      end
    end
  end
  if #owed == 0 then return nil end
  local best, most
  for _, args in ipairs(rules.combat.legal_attacks(side)) do
    local l = line("attack", args[1], args[2])
    if not tried[l] then
      local hits = false
      for d in string.gmatch(args[2], "[^,]+") do
        for _, n in ipairs(owed) do if n == d then hits = true end end
      end
      local _, commas = string.gsub(args[1], ",", "")
      if hits and (most == nil or commas > most) then best, most = l, commas end
    end
  end
  return best
end

-- The first of the candidate attacks (lists of attackers and defenders)
-- that the rules accept, as a line.
local function accepted_attack(side, tried, cands)
  for _, c in ipairs(cands) do
    local atts, defs = c[1], c[2]
    local an, dn = {}, {}
    for i, a in ipairs(atts) do an[i] = a.name end
    for i, d in ipairs(defs) do dn[i] = d.name end
    local l = line("attack", table.concat(an, ","), table.concat(dn, ","))
    if not tried[l] and bitwa.check(rules.combat.check_attack, side, atts, defs) then return l end
  end
  return nil
end

local function attack_line(side, tried)
  local arm = rules.phases.arm()
  local mine = {}
  for _, u in ipairs(rules.units.field_units(side)) do
    if (arm == "cavalry") == rules.units.is_cavalry(u) and not u.fought and not rules.units.is_panicked(u) then
      mine[#mine + 1] = u
    end
  end
  local must = false
  -- [5.2.2] a unit with no enemy in its ZoC attacks by choice: not where
  -- the pursuit that may follow (5.5.2, 5.5.3, 6.1.8) leads into terrain
  -- that ruins it (pursuit_trap)
  local by_choice, trapped = {}, {}
  local function choice(v)
    local k = by_choice[v.id]
    if k == nil then
      k = #rules.zoc.enemies_in_zoc(v) == 0
      by_choice[v.id] = k
    end
    return k
  end
  local function shunned(v)
    if not choice(v) then return false end
    if rules.bot.skirmisher(v) then return true end
    local k = trapped[v.id]
    if k == nil then
      k = rules.bot.pursuit_trap(side, v)
      trapped[v.id] = k
    end
    return k
  end
  -- an attack made only by units that attack by choice is made at 1:1 or
  -- better (the rules' own column), never at hopeless odds
  local function hopeless(group, e)
    for _, v in ipairs(group) do
      if not choice(v) then return false end
    end
    return rules.combat.evaluate { attackers = group, defenders = { e } }.final < FAIR_COLUMN
  end
  -- the hexes next to a unit of another side (cube keys), once per call:
  -- a unit on none of them has no enemy in its front area (the three hexes
  -- next to it), so none to attack there nor in its ZoC, which is its
  -- front area [3.2.1]; it is passed over
  local next_to
  local function in_contact(v)
    if not next_to then
      next_to = {}
      for _, e in ipairs(bitwa.units { on_map = true }) do
        if e.side ~= side then
          local x, z = cube(e.hex)
          local k = x * 4096 + z
          next_to[k + 1], next_to[k - 1], next_to[k + 4096], next_to[k - 4096] = true, true, true, true
          next_to[k + 4095], next_to[k - 4095] = true, true
        end
      end
    end
    local x, z = cube(v.hex)
    return next_to[x * 4096 + z] == true
  end
  for _, u in ipairs(mine) do
    if in_contact(u) then
      for _, h in ipairs(bitwa.hex.front_area(u.hex, u.facing)) do
        for _, e in ipairs(rules.units.field_units_at(h)) do
          if e.side ~= side and not rules.units.is_panicked(e) then
            -- every unit of ours that may join against this defender
            local group = {}
            for _, v in ipairs(mine) do
              if bitwa.hex.in_front(v.hex, v.facing, e.hex) and not shunned(v) then group[#group + 1] = v end
            end
            local cands = {}
            if #group > 0 and not hopeless(group, e) then cands[1] = { group, { e } } end
            if not shunned(u) and not (choice(u) and hopeless({ u }, e)) then cands[#cands + 1] = { { u }, { e } } end
            local l = accepted_attack(side, tried, cands)
            if l then return l end
          end
        end
      end
      -- a lone enemy leader in its front area [8.2.7]
      for _, h in ipairs(bitwa.hex.front_area(u.hex, u.facing)) do
        for _, l in ipairs(rules.units.leaders_at(h, rules.units.enemy(side))) do
          if rules.leaders.alone(l) then
            local al = accepted_attack(side, tried, { { { u }, { l } } })
            if al then return al end
          end
        end
      end
      -- [5.2.2] [5.2.3] every enemy in its ZoC at once, when one at a time
      -- is refused
      local z = rules.zoc.enemies_in_zoc(u)
      if #z > 0 then
        must = true
        local l = accepted_attack(side, tried, { { { u }, z } })
        if l then return l end
      end
    end
  end
  if must then
    -- an attack the rules still require: the first the rules list
    for _, args in ipairs(rules.combat.legal_attacks(side)) do
      local l = line("attack", args[1], args[2])
      if not tried[l] then return l end
    end
  end
  return rules.bot.owed_attack(side, tried)
end

-- The enemies' places, read once per call when first needed.  What is
-- measured from them alone (the nearest enemy to a hex, the hexes near
-- the enemy) is kept from call to call while the list is the same (the
-- same hexes in the same order: the enemy's field units stand where
-- they stood, as in most of a side's own movement phase), per side: an
-- answer kept is the answer the list gives again.  (The list is compared
-- hex by hex with the one kept, which holds its hexes: hexes are
-- interned, one value per hex.)
local kept = cache()   -- kept[side]: { list, near = { [hex] = { hex, d } | false }, bycol }
local function enemy_places(ctx)
  local list = ctx.enemies
  if list then return list end
  local units = enemy_field_units(ctx.side)
  local k = kept[ctx.side]
  local old = k and k.list
  local same = old ~= nil
  if same then
    local j = 0
    for _, e in ipairs(units) do
      local h = e.hex
      if h and not rules.units.is_panicked(e) then    -- the units places() lists
        j = j + 1
        local p = old[j]
        if not p or p[3] ~= h then same = false break end
      end
    end
    if same and j ~= #old then same = false end
  end
  if same then
    list = old
  else
    list = places(units)
    k = { list = list, near = {} }
    kept[ctx.side] = k
  end
  ctx.enemies, ctx.kept = list, k
  return list
end

-- The places of a list by their cube column x: cols[x] the indices of
-- those in column x, in the list's order, with the least and the
-- greatest column.
local function columns(list)
  local cols, lo, hi = {}, nil, nil
  for i = 1, #list do
    local x = list[i][1]
    local c = cols[x]
    if not c then c = {}; cols[x] = c end
    c[#c + 1] = i
    if not lo or x < lo then lo = x end
    if not hi or x > hi then hi = x end
  end
  return { cols = cols, lo = lo, hi = hi }
end

-- nearest(h, list) for a list by columns (columns(list)): the same place
-- and distance, the first in the list among equals.  A place in a column
-- o columns away from h's is o hexes or more from h, so the columns are
-- looked at outward from h's until they are farther than the nearest
-- found (those as far are looked at: one of them may come first in the
-- list).
local function nearest_by_columns(h, list, bycol)
  local hx, hz = cube(h)
  local cols, lo, hi = bycol.cols, bycol.lo, bycol.hi
  if not lo then return nil, nil end
  local best, bd, bi = nil, nil, nil
  local o = 0
  while not (bd and o > bd) and (hx - o >= lo or hx + o <= hi) do
    for side_ = 1, o == 0 and 1 or 2 do
      local c = cols[side_ == 1 and hx + o or hx - o]
      if c then
        for j = 1, #c do
          local i = c[j]
          local p = list[i]
          local dx, dz = p[1] - hx, p[2] - hz
          local dy = dx + dz
          if dx < 0 then dx = -dx end
          if dz < 0 then dz = -dz end
          if dy < 0 then dy = -dy end
          local d = (dx + dz + dy) // 2
          if not bd or d < bd or (d == bd and i < bi) then best, bd, bi = p[3], d, i end
        end
      end
    end
    o = o + 1
  end
  return best, bd
end
M.columns, M.nearest_by_columns = columns, nearest_by_columns   -- for the bots that extend this one

-- columns(enemy_places(ctx)), kept for the list (above).
local function enemy_columns(ctx)
  local list = enemy_places(ctx)
  local kept_ = ctx.kept
  local bycol = kept_.bycol
  if not bycol then bycol = columns(list); kept_.bycol = bycol end
  return bycol
end

-- nearest(h, enemy_places(ctx)), kept for the list (above).
local function nearest_enemy(h, ctx)
  local list = enemy_places(ctx)
  local near = ctx.kept.near
  local m = near[h]
  if m == nil then
    local best, bd = nearest_by_columns(h, list, enemy_columns(ctx))
    m = best and { best, bd } or false
    near[h] = m
  end
  if m then return m[1], m[2] end
  return nil, nil
end

-- The places of the enemy leaders alone on their hexes, once per call.
local function lone_leaders(ctx)
  if not ctx.lone then
    local out = {}
    for _, l in ipairs(bitwa.units { side = rules.units.enemy(ctx.side), kind = "leader" }) do
      if l.hex and rules.leaders.alone(l) then
        local x, z = cube(l.hex)
        out[#out + 1] = { x, z, l.hex }
      end
    end
    ctx.lone = out
  end
  return ctx.lone
end

-- The side's field units' places once per call: all of them, and by
-- their leader's name.
local function own_places(ctx)
  if not ctx.own then
    local all, by = {}, {}
    for _, f in ipairs(rules.units.field_units(ctx.side)) do
      local h = f.hex
      if h and not rules.units.is_panicked(f) then
        local x, z = cube(h)
        local p = { x, z, h }
        all[#all + 1] = p
        local l = f.leader
        if l then
          by[l] = by[l] or {}
          table.insert(by[l], p)
        end
      end
    end
    ctx.own = { all = all, by = by }
  end
  return ctx.own
end

-- Whether entering `to` from `from` would disorganize u [4.2.5] [4.2.6]:
-- the bot keeps out of such hexes (a road spares it).
-- A ruleset's bot may judge it otherwise (rules.bot.spoils: u may be a
-- plan of a unit, with the CF it has before entering).
function M.spoils(u, from, to)
  if not rules.units.is_field(u) or rules.movement.along_road(from, to) then return false end
  local arm = rules.units.is_cavalry(u) and "cavalry" or "infantry"
  return rules.movement.disorganizing[arm][rules.fortifications.terrain(to)] == true
end
local function disorganizing(u, from, to) return rules.bot.spoils(u, from, to) end

-- Whether the bot may end a plan of u's steps in state s (a plan of u,
-- rules.movement.planned): always here; a ruleset whose rules move a
-- unit on by themselves may refuse an end (rules.bot.plan_ends).
-- Here it refuses an end next to an enemy whom the unit would have to
-- pursue into terrain that disorganizes it (M.pursuit_trap).
function M.plan_ends(side, u, s)
  return not M.pursuit_trap(side, s)
end

-- [5.5.2] [5.5.3] [6.1.8] The chance, in sixths, that a unit of `side`
-- attacking from hex h must pursue: 6 at the MORALE value of obligatory
-- pursuit unless a leader of its side is on h (A-045), or with no leader
-- of its side within 5 hexes; 0 with a leader on h; else the PURSUIT
-- table's obligatory rolls on the row of the nearest leader's distance.
function M.pursuit_chance(side, h)
  local near
  for _, l in ipairs(rules.leaders.on_map(side)) do
    local d = bitwa.hex.distance(l.hex, h)
    if d == 0 then return 0 end
    if not near or d < near then near = d end
  end
  local T = rules.tables
  if rules.morale.value(side) >= T.morale.obligatory_pursuit then return 6 end
  if near == nil or near > T.pursuit.obligatory_beyond then return 6 end
  for _, row in ipairs(T.pursuit.rows) do
    if row.hexes == near then
      if not row.roll then return 0 end
      local n = 0
      for roll = 1, 6 do
        if rules.pursuit.table_kind(row, roll) == "obligatory" then n = n + 1 end
      end
      return n
    end
  end
  return 6
end

-- Whether a unit of `side` attacking from hex h may have to pursue: by
-- MORALE or with no leader near (5.5.2, 6.1.8), or on a roll of the
-- PURSUIT table (5.5.3: a leader 1-5 hexes away leaves 1 to 5 chances in
-- 6 of it).  A chance left to the roll is a chance the bot does not take
-- where the pursuit would lead into terrain that ruins the pursuer.
function M.pursuit_obligatory(side, h)
  return M.pursuit_chance(side, h) > 0
end

-- [5.5.4] [4.2.5] [4.2.6] Whether a unit (or a plan s of it) standing on
-- s.hex next to an enemy field unit would have to pursue it into terrain
-- that disorganizes it: the pursuit is obligatory, enters the hex the
-- enemy leaves and follows its retreat away from the attacker, so such
-- terrain on that hex or within 2 hexes beyond it is a trap (the bot does
-- not close in on such an enemy by choice; the attack is then owed,
-- 5.2.2).  What terrain does to the pursuer is rules.bot.spoiled_by and
-- whether it must pursue rules.bot.pursuit_obligatory, so that a
-- ruleset's bot built on this one (Legnica's scatter) replaces only those.
function M.spoiled_by(s, t)
  return rules.movement.disorganizing[rules.units.is_cavalry(s) and "cavalry" or "infantry"][t] == true
end

-- The terrains a pursuit from `here` into the enemy's hex eh may enter:
-- eh's, and those of the hexes within 2 beyond it (farther from `here`),
-- each once; the map does not change, so they are read once a game.
local trap_memo = cache()
local function pursuit_terrains(here, eh)
  local key = here.label .. ">" .. eh.label
  local ts = trap_memo[key]
  if ts then return ts end
  local terrain = rules.fortifications.terrain
  ts = {}
  local seen = {}
  local function add(t)
    if t ~= nil and not seen[t] then seen[t] = true; ts[#ts + 1] = t end
  end
  add(terrain(eh))
  for _, n in ipairs(bitwa.hex.neighbours(eh)) do
    if bitwa.hex.distance(here, n) >= 2 then
      add(terrain(n))
      for _, m in ipairs(bitwa.hex.neighbours(n)) do
        if bitwa.hex.distance(here, m) >= 3 then add(terrain(m)) end
      end
    end
  end
  trap_memo[key] = ts
  return ts
end

function M.pursuit_trap(side, s)
  if not s.hex or not rules.units.is_field(s) then return false end
  local B = rules.bot
  local spoiled_by = B.spoiled_by
  local enemy = rules.units.enemy(side)
  local here = s.hex
  local adjacent, seen = {}, {}
  for _, e in ipairs(bitwa.units { side = enemy, near = here, within = 1 }) do
    local h = e.hex
    if h and not seen[h.label] and h.label ~= here.label and rules.units.is_field(e) and not rules.units.is_panicked(e) then
      seen[h.label] = true
      adjacent[#adjacent + 1] = h
    end
  end
  if #adjacent == 0 or not B.pursuit_obligatory(side, here) then return false end
  for _, eh in ipairs(adjacent) do
    local ts = pursuit_terrains(here, eh)
    for i = 1, #ts do
      if spoiled_by(s, ts[i]) then return true end
    end
  end
  return false
end

-- The facing the bot turns u (or a plan s of it) to, toward target:
-- charging cavalry turns 60 degrees only [4.3.4].
local function turn_toward(s, target)
  local want = facing_toward(s.hex, target)
  if want == s.facing then return nil end
  if (s.cf or 0) > 1 then
    local steps = (want - s.facing) % 6
    want = (steps <= 3) and (s.facing + 1) % 6 or (s.facing + 5) % 6
  end
  return want
end

-- The bot's steps toward target, planned on a copy of u's movement fields
-- (rules.movement.planned) as far as they go in this phase: forward while
-- the hex in front is nearer and the rules accept the move, else a turn
-- toward the target.  Returns the first step's line and the plan's end
-- (nil when no step), and the number of steps.
local function plan_steps(side, u, target, stop_at)
  local M_ = rules.movement
  local s = M_.planned(u)
  local first, n = nil, 0
  local hexes = {}           -- the hexes the plan enters, in order
  stop_at = stop_at or 1
  for _ = 1, 16 do
    local d = bitwa.hex.distance(s.hex, target)
    if d <= stop_at then break end
    local front = bitwa.hex.neighbour(s.hex, s.facing)
    local nxt, l
    -- the first step is judged on the unit itself (4.1.2 included)
    local judge = n == 0 and u or s
    if front and bitwa.hex.distance(front, target) < d then
      local plan = M_.check_move(side, judge)
      if plan and not plan.leave and not plan.ride and not disorganizing(s, plan.from, plan.to) then
        nxt, l = M_.planned_move(s, plan), line("move", u.name)
        if nxt.stopped or M_.path_ends(s, plan.from, plan.to) then
          first = first or l
          n, s = n + 1, nxt
          hexes[#hexes + 1] = s.hex
          break
        end
      end
    end
    if not nxt and not s.turned_here then
      local want = turn_toward(s, target)
      local tp = want and M_.check_turn(side, judge, want)
      if tp then nxt, l = M_.planned_turn(s, tp, want), line("turn", u.name, bitwa.hex.facing_name(want)) end
    end
    if not nxt then break end
    first = first or l
    n, s = n + 1, nxt
    if s.hex ~= hexes[#hexes] then hexes[#hexes + 1] = s.hex end
  end
  if first and not rules.bot.plan_ends(side, u, s) then return nil, s, 0 end
  return first, s, n, hexes
end

-- A leader's line (8.2.6, 8.2.7: a leader alone on a hex dies when an
-- enemy attacks or enters it).  In a cavalry movement phase a moving
-- leader may be countercharged, and the countercharge is fought against
-- him alone (5.7.3) on the 9:1 column (8.2.7), even on the hex of his
-- troops: there he moves only by a way no enemy cavalry can countercharge
-- (cc_threat), and waits for the infantry movement phase, where no
-- countercharge is made (2.1 d) and he has what he kept of his 10 MP
-- (8.1.2), when there is none.  He goes onto a hex of friendly field
-- units (his own troops first, any for a grand leader), out of contact
-- with the enemy (the second line), with as many of his troops as may be
-- within his command range, the cheapest way; a leader on a hex of his
-- troops stays, unless they stand in contact and a second-line hex within
-- range of his troops is reachable in a phase without countercharges.
-- false: stay; nil: no such hex within reach.
local LEADER_REACH = 6      -- hexes: troops farther off are walked toward

-- Whether a unit u of ctx.side moving on hex h now could be countercharged
-- there (5.7): an enemy cavalry unit within the rules' reach that 5.7.7,
-- 5.7.8 and 5.7.10 leave free and that has a way into a hex next to h,
-- asked of the rules' own countercharge checks; false when no
-- countercharge can meet u in this phase (an infantry movement phase, or
-- a ruleset that never countercharges a leader).  Memoised per call.
local function cc_threat(ctx, u, h)
  local C = rules.countercharge
  local enemy = rules.units.enemy(ctx.side)
  if ctx.cc_target == nil then ctx.cc_target = {} end
  local t = ctx.cc_target[u.id]
  if t == nil then
    t = C.can_target(u, enemy) == true
    ctx.cc_target[u.id] = t
  end
  if not t then return false end
  ctx.cc_hex = ctx.cc_hex or {}
  local v = ctx.cc_hex[h.label]
  if v ~= nil then return v end
  v = false
  local mover = { hex = h, side = u.side, kind = u.kind, name = u.name }
  for _, cc in ipairs(bitwa.units { side = enemy, near = h, within = C.reach }) do
    if cc.hex and rules.units.is_cavalry(cc) and not rules.units.is_panicked(cc) and not C.barred(cc)
       and not C.engaged(mover, enemy, { [cc.id] = true }) and #C.plans(cc, mover) > 0 then
      v = true
      break
    end
  end
  ctx.cc_hex[h.label] = v
  return v
end

-- Whether u walking a path (the steps of a reach place) from its hex
-- stays out of every countercharge on every hex of it: the window opens
-- before its first step and after each (A-036).
function safe_path(u, path, ctx)
  if cc_threat(ctx, u, u.hex) then return false end
  for i = 1, #path do
    if cc_threat(ctx, u, path[i].hex) then return false end
  end
  return true
end

local function distance(p, x, z)
  local dx, dz = p[1] - x, p[2] - z
  local dy = dx + dz
  if dx < 0 then dx = -dx end                     -- the three absolute values, without calls
  if dz < 0 then dz = -dz end
  if dy < 0 then dy = -dy end
  return (dx + dz + dy) // 2
end

-- A leader alone whom no friendly hex takes in: of the places he can
-- reach this phase (by a way no countercharge meets), the one farthest
-- from the enemy, when it is farther than where he stands.
-- Toward his side's map edge (edge.SIDE, A-062) he leaves the map once
-- he stands on it (4.4.1): an escaped leader gives the enemy no VP, no
-- MORALE and no 8.1.4 losses, where a hunted one gives all three.
local FLEE_NEAR = 9        -- hexes: an enemy this near can reach him next turn
local function toward_edge(side, h)
  local edge = bitwa.var("edge." .. side)
  if edge == "N" then return -h.row elseif edge == "S" then return h.row end
  return 0
end

local function escape_line(side, u, tried, ctx)
  local edge = bitwa.var("edge." .. side)
  for d = 0, 5 do
    if bitwa.hex.facing_name(d) == edge and not bitwa.hex.on_map(bitwa.hex.neighbour(u.hex, d, true)) then
      local l
      if u.facing == d then
        local plan = rules.movement.check_move(side, u)
        if plan and plan.leave then l = line("move", u.name) end
      elseif not u.turned_here and rules.movement.check_turn(side, u, d) then
        l = line("turn", u.name, edge)
      end
      if l and not tried[l] and not cc_threat(ctx, u, u.hex) then return l end
    end
  end
  return nil
end

-- `edge`: the battle is lost (routed): the map edge first, then the
-- distance from the enemy; `stay_unless_safe`: he leaves a hex of his
-- units for a place only when he steps off the map from it in this phase
-- or no enemy stands within FLEE_NEAR of it.
local function flee_line(side, u, tried, ctx, dnow, edge, stay_unless_safe)
  local l = escape_line(side, u, tried, ctx)
  if l then return l end
  local dests = rules.movement.reach(side, u)
  if not dests then return nil end
  local best, bk
  dnow = dnow or 99
  local function key_of(de, h, cost)
    if edge then return toward_edge(side, h) * 100 + math.min(de, 7) * 10 - cost end
    return math.min(de, 7) * 1000 + toward_edge(side, h) * 10 - cost
  end
  local here = key_of(dnow, u.hex, 0)
  -- an edge hex he can still step off from in this phase (facing out,
  -- with the MP for it, 4.4.1) before all
  local edge_dir, leave_cost
  if edge then
    local name = bitwa.var("edge." .. side)
    for d = 0, 5 do if bitwa.hex.facing_name(d) == name then edge_dir = d end end
    local me = rules.tables.map_edge
    leave_cost = rules.units.sixths(me and me.leave_mp or 1)
  end
  for i, e in ipairs(dests) do
    if #e.path > 0 then
      local _, de = nearest_enemy(e.hex, ctx)
      local key = key_of(de or 99, e.hex, e.cost)
      local out = edge_dir and e.facing == edge_dir and u.mp_left - e.cost >= leave_cost
                  and not bitwa.hex.on_map(bitwa.hex.neighbour(e.hex, edge_dir, true))
      if out then key = key + 100000 end
      -- a leader leaving his stack for the edge goes only where he steps
      -- off the map this phase or no enemy reaches him next turn
      if stay_unless_safe and not out and (de or 99) <= FLEE_NEAR then key = nil end
      if key and key > here and (not bk or key > bk) and safe_path(u, e.path, ctx) then best, bk = e, key end
    end
  end
  if not best then return nil end
  l = line("move", u.name, best.hex.label, bitwa.hex.facing_name(best.facing))
  if tried[l] then return nil end
  return l
end

-- Whether ctx.side has lost the battle on the map: fewer than a quarter
-- as many field units (not panicked) as the enemy.  Its leaders then make
-- for their map edge (4.4.1) rather than wait on the last hexes of their
-- side for the enemy to kill them alone (8.2.6, 8.2.7).
local ROUT = 4
local function routed(ctx)
  if ctx.routed == nil then
    ctx.routed = #own_places(ctx).all * ROUT < #enemy_places(ctx)
  end
  return ctx.routed
end

-- The SP of the field units of `side` (not panicked) on hex h.
local function stack_sp(h, side)
  local sp = 0
  for _, f in ipairs(rules.units.field_units_at(h, side)) do
    if not rules.units.is_panicked(f) then sp = sp + (f.sp or 0) end
  end
  return sp
end

-- How many of the troops (places) stand within `range` of cube x, z, up
-- to 8: counted from ctx.tcount (the troops per hex, made by leader_line
-- when the hexes within range are fewer than the troops) or one by one.
local function troops_near(troops, range, x, z, ctx)
  local near = 0
  local tc = ctx.tcount
  if tc and tc.troops == troops and tc.range == range then
    local per = tc.per
    for dx = -range, range do
      local lo, hi = -range, range
      if -dx - range > lo then lo = -dx - range end
      if -dx + range < hi then hi = -dx + range end
      local base = (x + dx) * 4096 + z
      for dz = lo, hi do
        local n = per[base + dz]
        if n then
          near = near + n
          if near >= 8 then return 8 end
        end
      end
    end
    return near
  end
  for i = 1, #troops do
    if distance(troops[i], x, z) <= range then
      near = near + 1
      if near >= 8 then break end
    end
  end
  return near
end

-- How good hex p (a place { x, z, hex }) is for leader u of `side`: lower
-- is better.  Out of contact first (a stack in contact must attack in its
-- own phase, 5.2.3, and is attacked in the enemy's: when its units are
-- eliminated or retreat he is left alone, 8.2.4-8.2.7), then a full stack
-- (2 SP, the stacking limit: one SP lost leaves him a unit), then not two
-- hexes from the enemy, then his own troops (any for a grand leader), not
-- with another leader (one result would take both, 8.2.4), and the most
-- of his troops within his command range (8.2.2); `dist` the hexes to go.
--
-- The key but for the troops within range (leader_key less 4 for each,
-- up to 8: the key is this less 0 to 32), and whether p is in contact.
local function leader_base(u, side, p, theirs, ctx, dist)
  -- (the distance to the nearest enemy field unit matters up to 2)
  local _, de = nearest_enemy(p[3], ctx)
  if not de or de > 2 then de = 99 end
  -- (hexes are interned, one value per hex: a hex is its own key)
  local hexinfo = ctx.hexinfo
  if not hexinfo then hexinfo = {}; ctx.hexinfo = hexinfo end
  local h = p[3]
  local info = hexinfo[h]
  if not info then
    local ls = rules.units.leaders_at(h, side)
    info = { sp = stack_sp(h, side), leaders = #ls }
    hexinfo[h] = info
  end
  local others = info.leaders
  if others > 0 and u.hex == h then others = others - 1 end
  local sp = info.sp
  return (de <= 1 and 10000 or 0) + (sp < 2 and 400 or 0) + (de <= 2 and 100 or 0) + (theirs and 0 or 1000)
         + 300 * others + dist, de <= 1
end

local function leader_key(u, side, p, theirs, troops, range, ctx, dist)
  local base, contact = leader_base(u, side, p, theirs, ctx, dist)
  local near = troops_near(troops, range, p[1], p[2], ctx)
  return base - 4 * math.min(near, 8), contact, near
end

local LEADER_MARGIN = 12    -- a stacked leader moves only for a hex this much better

local function leader_line(side, u, tried, ctx)
  local stacked = false
  for _, f in ipairs(rules.units.field_units_at(u.hex, side)) do
    if not rules.units.is_panicked(f) then stacked = true break end
  end
  local own = own_places(ctx)
  local grand = rules.leaders.is_grand(u)
  local troops = grand and own.all or (own.by[u.name] or {})
  local range = rules.leaders.range(u)
  -- (many troops, a short range: the troops counted per hex once)
  if math.type(range) == "integer" and range >= 0 and 3 * range * (range + 1) + 1 < #troops then
    local per = {}
    for i = 1, #troops do
      local k = troops[i][1] * 4096 + troops[i][2]
      per[k] = (per[k] or 0) + 1
    end
    ctx.tcount = { troops = troops, range = range, per = per }
  end
  local _, dnow = nearest_enemy(u.hex, ctx)
  -- a moving leader may be countercharged where he stands: he waits
  if cc_threat(ctx, u, u.hex) then return false end
  local ux, uz = cube(u.hex)
  -- the hex he stands on, judged as the others: a stacked leader moves
  -- only for a clearly better one (out of contact, a full stack, his
  -- troops within range)
  local here
  if stacked then
    local mine = grand
    if not mine then
      for _, f in ipairs(rules.units.field_units_at(u.hex, side)) do
        if f.leader == u.name then mine = true break end
      end
    end
    here = leader_key(u, side, { ux, uz, u.hex }, mine, troops, range, ctx, 0)
    -- the battle lost, a leader on a hex in contact or with less than a
    -- full stack makes for his map edge
    if routed(ctx) and here >= 400 then
      local l = flee_line(side, u, tried, ctx, dnow, true, true)
      if l then return l end
    end
    -- out of contact, full, and no hex could be better by the margin
    if here + LEADER_MARGIN <= -4 * math.min(#troops, 8) then return false end
  end
  -- the hexes within LEADER_REACH, each with its key; only the best 4
  -- (by key, then the order considered) are looked at below, so the
  -- troops within range are counted only for a hex whose key without
  -- them (at most 32 above its key) could still be among those 4
  local all = {}
  local seen = { [u.hex] = true }
  local function consider(p, theirs)
    -- (a hex farther than LEADER_REACH is passed over whenever it comes)
    local dist = distance(p, ux, uz)
    if dist > LEADER_REACH then return end
    local h = p[3]
    if seen[h] then return end
    seen[h] = true
    local base, contact = leader_base(u, side, p, theirs, ctx, dist)
    all[#all + 1] = { p = p, base = base, i = #all + 1, contact = contact, theirs = theirs }
  end
  for _, p in ipairs(troops) do consider(p, true) end
  -- (a grand leader's troops are all of them: none is left to consider)
  if troops ~= own.all then
    for _, p in ipairs(own.all) do consider(p, false) end
  end
  table.sort(all, function(a, b) return a.base < b.base or (a.base == b.base and a.i < b.i) end)
  local function before(a, b) return a.key < b.key or (a.key == b.key and a.i < b.i) end
  local cands = {}
  for _, c in ipairs(all) do
    if #cands >= 4 and c.base - 32 > cands[4].key then break end
    local p = c.p
    c.key = c.base - 4 * math.min(troops_near(troops, range, p[1], p[2], ctx), 8)
    cands[#cands + 1] = c
    table.sort(cands, before)
  end
  local unsafe = false
  for k = 1, math.min(#cands, 4) do
    local c = cands[k]
    -- a stacked leader never goes into contact, nor for a hex barely better
    if stacked and (c.contact or c.key + LEADER_MARGIN > here) then break end
    local h = c.p[3]
    local dests = rules.movement.reach(side, u, h)
    local last = dests and dests[#dests]
    if last and last.hex.label == h.label and #last.path > 0 then
      if safe_path(u, last.path, ctx) then
        local l = line("move", u.name, h.label, bitwa.hex.facing_name(last.facing))
        if not tried[l] then return l end
      else
        unsafe = true
      end
    end
  end
  -- on a hex in contact with less than a full stack and no hex of his
  -- side to go to: he leaves it for a place he steps off the map from or
  -- no enemy stands within FLEE_NEAR of (the stack must attack, 5.2.2, and
  -- is likely to go, leaving him alone next to the enemy)
  -- (the battle lost, he was asked this above with the same arguments)
  if stacked and here >= 10400 and not routed(ctx) then
    local l = flee_line(side, u, tried, ctx, dnow, false, true)
    if l then return l end
  end
  if stacked then return false end
  -- friendly troops are near but every way to them passes the enemy
  -- cavalry: he waits for the infantry phase
  if unsafe then return false end
  -- no friendly hex to go to and the enemy near (or the battle lost): he
  -- keeps away from it (alone he dies once an enemy unit reaches him,
  -- 8.2.6, 8.2.7)
  if (dnow and dnow <= FLEE_NEAR) or routed(ctx) then
    local l = flee_line(side, u, tried, ctx, dnow, routed(ctx))
    if l then return l end
  end
  return nil
end


-- The units of u's side that may join u's attack on hex h in this
-- turn's attack phase of u's arm: next to h with h in their front area,
-- not yet fought, not panicked, no horse archers or foot ranged units
-- (they fight by fire).
local function joiners(u, h)
  local out = {}
  local U = rules.units
  local cav = U.is_cavalry(u)
  -- the units of u's side around h, found with one query, by hex (the
  -- field units of each neighbour of h in turn, in id order, as
  -- field_units_at lists them; hexes are interned: a hex is its own key)
  local at = {}
  for _, v in ipairs(bitwa.units { side = u.side, near = h, within = 1 }) do
    local vh = v.hex
    local b = at[vh]
    if not b then b = {}; at[vh] = b end
    b[#b + 1] = v
  end
  for _, n in ipairs(bitwa.hex.neighbours(h)) do
    local b = at[n]
    if b then
      for _, v in ipairs(b) do
        if U.is_field(v) and v.id ~= u.id and not v.fought and U.is_cavalry(v) == cav and not U.is_ranged(v)
           and not U.is_panicked(v) and bitwa.hex.in_front(v.hex, v.facing, h) then
          out[#out + 1] = v
        end
      end
    end
  end
  return out
end

-- Whether u would attack the enemy field units on hex h at a fair column
-- (the rules' own evaluation of the combat, as it stands now): u with
-- the units of its side already next to h that may attack them with it
-- in the attack phase (joiners), where rules.bot.concentrates(side) says
-- so (attack_line takes every such unit into the attack), else u alone.
-- Kept for the call (ctx.fair: nothing changes while the bot looks),
-- for the game's own units only: a planned copy of a unit standing
-- elsewhere is asked each time and never answers for the unit.
function fair_attack(u, h, ctx)
  local fair = ctx.fair
  if not fair then fair = {}; ctx.fair = fair end
  local fk = getmetatable(u) == "unit" and (u.id .. ">" .. h.label) or nil
  if fk then
    local kept = fair[fk]
    if kept ~= nil then return kept end
  end
  local defs = {}
  for _, e in ipairs(rules.units.field_units_at(h)) do
    if e.side ~= u.side then defs[#defs + 1] = e end
  end
  local known = true
  if #defs > 0 then
    local atts = { u }
    if rules.bot.concentrates(u.side) then
      for _, v in ipairs(joiners(u, h)) do atts[#atts + 1] = v end
    end
    known = rules.combat.evaluate { attackers = atts, defenders = defs }.final >= FAIR_COLUMN
  end
  if fk then fair[fk] = known end
  return known
end

-- Whether the side's units close into contact where they and the units
-- already in contact with the same enemy make a fair attack together, and
-- pick, of the enemies near, the nearest they may attack so (rather than
-- the nearest enemy whatever the odds).  A ruleset's bot may say no.
function M.concentrates(side)
  return true
end

-- [Reserves] A share of the side's cavalry is held back behind the line
-- while the battle is young: of its cavalry (not the ranged units, not
-- the skirmishers, not panicked), the 1 in RESERVE_SHARE farthest from the
-- enemy, each more than RESERVE_CLEAR hexes from every enemy field unit
-- (an enemy that comes nearer meets it as any other unit).  A unit held
-- stays where it stands (it rallies, and hunts a lone leader, as any
-- other) unless an enemy within its reach is disorganized or panicked and
-- it may attack him at a fair column (reserve_target): the reserve
-- exploits what the line has shaken.  The whole reserve is committed in
-- the second half of the scenario's turns, or as soon as the rest of the
-- side's cavalry has fewer SP than it (the line is spent).  Returns the
-- set of the units held ({ [id] = true }) or nil; a ruleset's bot may
-- hold others or none (rules.bot.reserve).
local RESERVE_SHARE = 4
local RESERVE_CLEAR = 4

function M.reserve(side, ctx)
  if bitwa.turn() > (bitwa.scenario().turns or 0) // 2 then return nil end
  local cands, n = {}, 0
  for _, u in ipairs(rules.units.field_units(side)) do
    if u.hex and rules.units.is_cavalry(u) and not rules.units.is_ranged(u) and not rules.units.is_panicked(u)
       and not rules.bot.skirmisher(u) then
      n = n + 1
      local _, d = nearest_enemy(u.hex, ctx)
      cands[n] = { u = u, d = d or 0, i = n }
    end
  end
  local k = n // RESERVE_SHARE
  if k == 0 then return nil end
  -- the candidates farthest first, the list's order among equals (by
  -- distance, each distance's in the list's order: the distances are
  -- small integers); the first k are held when more than RESERVE_CLEAR
  -- hexes off
  local by_d, top = {}, 0
  for j = 1, n do
    local c = cands[j]
    local d = c.d
    local b = by_d[d]
    if not b then b = {}; by_d[d] = b end
    b[#b + 1] = c
    if d > top then top = d end
  end
  local set, held_sp, line_sp = {}, 0, 0
  local j = 0
  for d = top, 0, -1 do
    local b = by_d[d]
    if b then
      for m = 1, #b do
        local c = b[m]
        j = j + 1
        if j <= k and d > RESERVE_CLEAR then
          set[c.u.id] = true
          held_sp = held_sp + c.u.sp
        else
          line_sp = line_sp + c.u.sp
        end
      end
    end
  end
  if held_sp == 0 or line_sp < held_sp then return nil end
  return set
end

local default_reserve = M.reserve

-- Whether u is held in reserve now (rules.bot.reserve, once per call).
-- With this bot's own M.reserve, a unit it cannot hold (not a candidate,
-- or RESERVE_CLEAR hexes or less from the enemy, or the battle past its
-- first half) is answered without the set: the set holds no such unit.
local function held(side, u, ctx)
  local set = ctx.held
  if set == nil then
    if rules.bot.reserve == default_reserve then
      if bitwa.turn() > (bitwa.scenario().turns or 0) // 2 then return false end
      if not (u.hex and rules.units.is_cavalry(u) and not rules.units.is_ranged(u) and not rules.units.is_panicked(u)
              and not rules.bot.skirmisher(u)) then
        return false
      end
      local _, d = nearest_enemy(u.hex, ctx)
      if not (d and d > RESERVE_CLEAR) then return false end
    end
    set = rules.bot.reserve(side, ctx) or false
    ctx.held = set
  end
  return set and set[u.id] or false
end

-- The enemy a unit held in reserve goes for, or nil: the nearest hex
-- within its reach this phase (its MP as hunt_line counts them, and one
-- hex more: it ends next to him) with an enemy field unit disorganized or
-- panicked on it, that u may attack at a fair column.
local function reserve_target(u, ctx)
  local reach = u.mp_left // 6 + 1
  local best, bd
  for _, e in ipairs(enemy_field_units(u.side)) do
    local h = e.hex
    if h and (e.condition == "disorganized" or e.condition == "panicked") then
      local d = bitwa.hex.distance(u.hex, h)
      if d <= reach and (not bd or d < bd) and fair_attack(u, h, ctx) then best, bd = h, d end
    end
  end
  return best, bd
end

-- The line that takes u toward its goal now, or nil: u forward when the
-- hex in front is nearer its target, else a turn toward it; a ranged
-- unit deploys within reach; each only when the rules accept it.
local function unit_line(side, u, tried, ctx)
  local target, d
  if rules.units.is_leader(u) then
    local l = leader_line(side, u, tried, ctx)
    if l ~= nil then return l or nil end
    -- no hex of his troops within reach: toward them (toward any of his
    -- side's when he has none left), never where a countercharge meets him
    local own = own_places(ctx)
    target, d = nearest(u.hex, rules.leaders.is_grand(u) and own.all or (own.by[u.name] or {}))
    if not target then target, d = nearest(u.hex, own.all) end
    if d and d <= 1 then target = nil end
  else
    -- [9.3.1] [10.3.1] a disorganized or panicked unit rallies first
    if (u.condition == "disorganized" or u.condition == "panicked") and not u.moved and not u.stopped then
      local l = line("rally", u.name)
      if not tried[l] and not barred(side, u, "rally", ctx) and bitwa.check(rules.condition.check_rally, side, u) then
        return l
      end
    end
    target, d = nearest_enemy(u.hex, ctx)
    -- (whether it is held in reserve is asked first: a unit held goes
    -- for another target, below, or none)
    local hold = target ~= nil and held(side, u, ctx)
    -- of the enemies little farther than the nearest, the nearest that u
    -- (with the units already next to it) may attack at a fair column
    -- (asked nearest first, each hex once: the first fair one is the
    -- nearest, first in the list among equals; not asked of the last unit
    -- on a leader's hex that has not moved: it stays, below, whatever
    -- its target; nor of a unit held in reserve, whose target is
    -- reserve_target's, and whose distance below matters only as 1 or
    -- less, which a target farther than the nearest never is)
    if d and d > 1 and not hold and not rules.units.is_ranged(u) and rules.bot.concentrates(side)
       and not (not u.moved and guards_leader(u)) and not fair_attack(u, target, ctx) then
      local hx, hz = cube(u.hex)
      local cands, seen = {}, {}
      -- (the places within d + NEAR_SLACK are in the columns that near
      -- h's; each hex's first place in the list, a column's places being
      -- in the list's order)
      local list, bycol = enemy_places(ctx), enemy_columns(ctx)
      local cols, far = bycol.cols, d + NEAR_SLACK
      for x = hx - far, hx + far do
        local c = cols[x]
        if c then
          for j = 1, #c do
            local i = c[j]
            local p = list[i]
            local h = p[3]
            if not seen[h] then
              seen[h] = true
              local dp = distance(p, hx, hz)
              if dp <= far then cands[#cands + 1] = { h = h, dp = dp, i = i } end
            end
          end
        end
      end
      table.sort(cands, function(a, b) return a.dp < b.dp or (a.dp == b.dp and a.i < b.i) end)
      for _, c in ipairs(cands) do
        if fair_attack(u, c.h, ctx) then target, d = c.h, c.dp break end
      end
    end
    -- a unit held in reserve goes only for a shaken enemy within reach
    if hold then
      local t, dt = reserve_target(u, ctx)
      target = t
      if t then d = dt end
    end
    if d and d <= 1 then target = nil end     -- in contact: the attack phase follows
    if d and rules.bot.skirmisher(u) then
      -- [11.5.4] [11.5.6] horse archers shoot at an enemy next to them
      -- in their own movement phase (1 MP, 11.5.8)
      if d <= 1 and not u.fired_own then
        for _, h in ipairs(bitwa.hex.neighbours(u.hex)) do
          for _, e in ipairs(rules.units.field_units_at(h)) do
            -- (own_fire_check answers nil and the rule; it refuses nothing)
            if e.side ~= side and rules.ranged.own_fire_check(u, e) then
              local l = line("fire", u.name, e.name)
              if not tried[l] then return l end
            end
          end
        end
      end
    end
    -- the last unit on a leader's hex stays with him (he goes first when
    -- he has a better hex): left alone there, even for a moment, he dies
    -- when a countercharge, its pursuit or any enemy unit enters his hex
    -- (8.2.6) or attacks it (8.2.7)
    if target and not u.moved and guards_leader(u) then target = nil end
    if not d then
      -- no enemy field unit left: hunt the lone leaders (8.2.6: a leader
      -- alone on a hex whose hex an enemy enters is killed)
      target, d = nearest(u.hex, lone_leaders(ctx))
      if d == 0 then target = nil end
      ctx.hunt = target ~= nil
    end
    -- ranged units stop and deploy within reach
    if target and rules.units.is_ranged(u) and u.kind ~= "horse_archers" then
      local flip = (d <= 3) == (u.formation == "movement")
      if flip then
        local l = line("formation", u.name)
        if not tried[l] and not barred(side, u, "formation", ctx) and rules.ranged.formation_check(side, u) then
          return l
        end
      end
      if d <= 3 then target = nil end
    end
  end
  if not target then return nil end
  -- (a unit barred from moving and from turning has no line below,
  -- whatever its plan: not planned)
  if barred(side, u, "move", ctx) and barred(side, u, "turn", ctx) then return nil end
  -- one path order for the whole way when it takes several steps, else
  -- the step itself; never a line the rules (or barred) refuse
  local first, plan, n, hexes = plan_steps(side, u, target, ctx.hunt and 0 or 1)
  if not first then return nil end
  -- a leader walks only where no countercharge meets him on any hex of
  -- the way (the window opens after each step, A-036)
  if rules.units.is_leader(u) then
    for i = 1, #hexes do
      if cc_threat(ctx, u, hexes[i]) then return nil end
    end
  end
  -- a field unit closes into contact (where 5.2.3 makes it attack) only
  -- when it would fight there at 1:1 or better
  if not ctx.hunt and not rules.units.is_leader(u) and bitwa.hex.distance(plan.hex, target) <= 1
     and not fair_attack(u, target, ctx) then
    return nil
  end
  -- nor into contact with another enemy it would fight below 1:1
  if not ctx.hunt and not rules.units.is_leader(u) and rules.bot.concentrates(side) then
    local px, pz = cube(plan.hex)
    -- (the places next to plan.hex are in its column and the two beside
    -- it: those, in the list's order)
    local list, cols = enemy_places(ctx), enemy_columns(ctx).cols
    local near = {}
    for x = px - 1, px + 1 do
      local c = cols[x]
      if c then
        for j = 1, #c do
          local i = c[j]
          if distance(list[i], px, pz) <= 1 then near[#near + 1] = i end
        end
      end
    end
    if #near > 1 then table.sort(near) end
    for j = 1, #near do
      local p = list[near[j]]
      if p[3].label ~= target.label and not fair_attack(u, p[3], ctx) then return nil end
    end
  end
  local kind = first:match("^(%a+)")
  if barred(side, u, kind, ctx) then return nil end
  if n >= 2 and not rules.units.is_leader(u) and not barred(side, u, "move", ctx) then
    local l = line("move", u.name, plan.hex.label, bitwa.hex.facing_name(plan.facing))
    if not tried[l] then return l end
  end
  if not tried[first] then return first end
  return nil
end

-- Whether u may still act in this movement phase: on the map, of the
-- moving arm, not stopped, with MP, not panicked, not a banner; and
-- [4.1.2] a unit that has moved or turned is done once another unit has
-- acted (only a change of formation is left to it).
local function may_act(side, u, mover)
  if not u.hex or u.stopped or u.mp_left <= 0 then return false end
  if u.id ~= mover and (u.moved or u.turned_here or u.whole_mp) and not rules.ranged.has_formations(u) then
    return false
  end
  if rules.units.is_panicked(u) then
    return not u.moved and rules.phases.moves_now(u)    -- it may rally [10.3.1]
  end
  return rules.phases.moves_now(u) and not rules.units.is_banner(u)
end

-- Where a unit coming onto the map enters: of the hexes the rules let it
-- enter, not one whose terrain would disorganize it [4.2.5] [4.2.6] when
-- others are free, not next to an enemy, and nearest the enemy; facing
-- the nearest enemy.  A leader coming back after leaving by his edge
-- (4.4.4) comes only onto a hex of his side's field units 3 hexes or more
-- from the enemy, or next to one with no enemy within FLEE_NEAR (alone,
-- an enemy that reaches his hex kills him, 8.2.6, 8.2.7), the hex of his
-- own troops first, then the farthest from the enemy; with no such hex he
-- stays off the map (nil).
local function entry_line(side, u, tried, ctx)
  local R = rules.reinforcements
  if not u then return nil end
  local returning = R.is_returning(u)
  local cands = returning and R.return_hexes(u) or R.entry_hexes(u)
  local arm = rules.units.is_cavalry(u) and "cavalry" or "infantry"
  local bad = rules.units.is_field(u) and rules.movement.disorganizing[arm] or {}
  local leader = returning and rules.units.is_leader(u)
  -- (the rules' check, which refuses by raising an error, is asked only
  -- of a hex whose key would make it the best so far: the others are
  -- passed over whatever it answers)
  local best, bk, bt
  for _, h in ipairs(cands) do
    local t, de = nearest_enemy(h, ctx)
    de = de or 99
    local key
    if leader then
      local mine = false
      for _, f in ipairs(rules.units.field_units_at(h, side)) do
        if f.leader == u.name then mine = true end
      end
      if de >= 3 and stack_sp(h, side) > 0 then
        key = (mine and 0 or 100) - math.min(de, 20)
      elseif de > FLEE_NEAR then
        for _, n in ipairs(bitwa.hex.neighbours(h)) do
          if stack_sp(n, side) > 0 then key = 1000 - math.min(de, 20) break end
        end
      end
    else
      key = (bad[rules.fortifications.terrain(h)] and 10000 or 0) + (de < 2 and 1000 or 0) + de
    end
    if key and (not bk or key < bk) and bitwa.check(R.check, side, u, h) then best, bk, bt = h, key, t end
  end
  if not best then return nil end
  local f = bt and facing_toward(best, bt) or R.inward_facing(best, side)
  local l = line("enter", u.name, best.label, bitwa.hex.facing_name(f))
  if tried[l] then return nil end
  return l
end

-- A lone enemy leader (8.2.6: killed when an enemy unit enters his hex)
-- that a unit moving now can reach this phase: the nearest such unit
-- goes onto his hex (one path order; reach's paths end there).
local function hunt_line(side, tried, ctx, all, mover)
  local lone = lone_leaders(ctx)
  if #lone == 0 then return nil end
  for _, p in ipairs(lone) do
    local h = p[3]
    local cands = {}
    for i, u in ipairs(all) do
      if u.hex and rules.units.is_field(u) and (not rules.units.is_ranged(u) or u.kind == "horse_archers") and may_act(side, u, mover)
         and not rules.units.is_panicked(u) and u.condition ~= "disorganized" and not guards_leader(u) then
        local d = bitwa.hex.distance(u.hex, h)
        if d <= u.mp_left // 6 then cands[#cands + 1] = { u = u, d = d, i = i } end
      end
    end
    table.sort(cands, function(a, b) return a.d < b.d or (a.d == b.d and a.i < b.i) end)
    for k = 1, math.min(#cands, 3) do
      local u = cands[k].u
      if not barred(side, u, "move", ctx) then
        local dests = rules.movement.reach(side, u, h)
        local last = dests and dests[#dests]
        if last and last.hex.label == h.label and #last.path > 0 then
          local l = line("move", u.name, h.label, bitwa.hex.facing_name(last.facing))
          if not tried[l] then return l end
        end
      end
    end
  end
  return nil
end

local function move_line(side, tried)
  local ctx = { side = side }
  -- reinforcements and units returning to the map (listing the entries
  -- costs something: only when a unit of this phase's arm is off the map)
  local all = bitwa.units { side = side }
  local waiting = false
  local R = rules.reinforcements
  for _, u in ipairs(all) do
    if u.hex == nil and rules.phases.moves_now(u) then
      if rules.units.is_field(u) then waiting = true break end
      -- a leader back from his edge (4.4.3) goes to his troops (entry_line)
      if rules.units.is_leader(u) and R.is_returning(u) and R.return_turn(u) <= bitwa.turn() then waiting = true break end
    end
  end
  if waiting then
    local legal = R.legal(side)
    -- a leader coming back enters only where entry_line lets him
    local function free(name)
      local u = bitwa.unit(name)
      return u and not (rules.units.is_leader(u) and R.is_returning(u))
    end
    local seen = {}
    for _, args in ipairs(legal) do
      local name = args[1]
      if not seen[name] then
        seen[name] = true
        local l = entry_line(side, bitwa.unit(name), tried, ctx)
        if l then return l end
        if free(name) then break end
      end
    end
    for _, args in ipairs(legal) do
      local l = "enter " .. table.concat(args, " ")
      if not tried[l] and free(args[1]) then return l end
    end
  end
  local mover = bitwa.var("movement.mover")
  local hunt = hunt_line(side, tried, ctx, all, mover)
  if hunt then return hunt end
  -- the unit that acted last goes on first: it keeps its plan until done
  local cur = mover and bitwa.unit(mover)
  if cur and cur.side == side and may_act(side, cur, mover) then
    local l = unit_line(side, cur, tried, ctx)
    if l then return l end
  end
  -- then the units after it in the list, and those before it last: the
  -- units before it were looked at when it was chosen (a plan for the
  -- phase in the list's order, read from the state alone)
  local start = 0
  if mover then
    for i, u in ipairs(all) do
      if u.id == mover then start = i break end
    end
  end
  -- field units first, leaders last (they join their troops where these
  -- end up); a ruleset's bot that puts its own line in place of any
  -- leader's line and of none alike (rules.bot.leaders_after) has them
  -- left out
  local n = #all
  for pass = 1, 2 do
    if pass == 2 and rules.bot.leaders_after(side, tried) then break end
    for k = 1, n do
      local u = all[(start + k - 1) % n + 1]
      if u.id ~= mover and (pass == 2) == rules.units.is_leader(u) and may_act(side, u, mover) then
        local l = unit_line(side, u, tried, ctx)
        if l then return l end
      end
    end
  end
  return nil
end

function M.propose(side, tried)
  local phase = bitwa.phase()
  local l
  if phase:match("_attack$") then l = attack_line(side, tried)
  elseif phase:match("_move$") then l = move_line(side, tried) end
  if l then return l end
  if not tried["end"] then return "end" end
  return nil
end

-- Whether u is the last field unit (not panicked) of its side on a hex
-- with a leader of its side: a countercharge takes it off the hex in the
-- enemy's phase and leaves him alone there (8.2.6, 8.2.7).
function guards_leader(u)
  if not u.hex or #rules.units.leaders_at(u.hex, u.side) == 0 then return false end
  for _, f in ipairs(rules.units.field_units_at(u.hex, u.side)) do
    if f.id ~= u.id and not rules.units.is_panicked(f) then return false end
  end
  return true
end

-- Whether a leader of u's side stands on u's hex: such a unit does not
-- countercharge nor join a countercharge, whether or not it is the last
-- one there (two of one hex may go together, the one countercharging and
-- the one joining it, and leave him alone, 8.2.6).
local function on_leader_hex(u)
  return u.hex ~= nil and #rules.units.leaders_at(u.hex, u.side) > 0
end

-- The countercharge plan (countercharge.plans) an option names: unit,
-- facing when it turns, and the hex it enters.
local function plan_of(cc, mover, facing)
  for _, p in ipairs(rules.countercharge.plans(cc, mover)) do
    if (facing == nil and not p.turned) or (facing ~= nil and p.turned and bitwa.hex.facing_name(p.facing) == facing) then
      return p
    end
  end
  return nil
end

-- Whether the countercharge of plan p disorganizes the countercharger on
-- entering its hex [4.2.5] (a road spares it).
local function plan_disorganizes(p)
  return p ~= nil and disorganizing(p.unit, p.unit.hex, p.to)
end

-- Whether a countercharge option "countercharge CC MOVER [FACING]" is at
-- good odds: the rules' evaluation of the countercharge combat (5.7.3,
-- 5.7.9) against the mover, with the charge factor the countercharger
-- will have in its new hex (a turn, the hex's gain, the terrain: 5.6),
-- puts it at 2:1 or better, where the countercharger's expected SP loss
-- is below the mover's; never into a hex that disorganizes it [4.2.5].
-- A lone leader (8.2.7: 9:1) is always worth it.
local function fair_countercharge(o)
  local ccn, mn, facing = o:match("^countercharge (%S+) (%S+) ?(%S*)")
  local cc, mover = ccn and bitwa.unit(ccn), mn and bitwa.unit(mn)
  if not (cc and mover and mover.hex) then return false end
  if on_leader_hex(cc) then return false end
  local p = plan_of(cc, mover, facing ~= "" and facing or nil)
  if not p or plan_disorganizes(p) then return false end
  if rules.units.is_leader(mover) then return true end
  -- nor where its obligatory pursuit would lead into rough terrain
  if rules.bot.pursuit_trap and rules.bot.pursuit_trap(cc.side, { hex = p.to, side = cc.side, kind = cc.kind, cf = p.cf }) then
    return false
  end
  local r = rules.combat.evaluate { attackers = { cc }, defenders = { mover }, countercharge = true }
  local final = r.final
  -- the charge factor it will fight with instead of the one it has
  -- (the CF's CM is min(CF, armour + 1), 5.2.7 / 1.7)
  local cap = (cc.armour or 0) + 1
  local drop = math.min(cc.cf or 0, cap) - math.min(p.cf or 0, cap)
  if drop > 0 then final = final - drop end
  return final >= FAIR_COLUMN + 1
end

-- Whether a unit joining a countercharge ("UNIT [FACING]") keeps out of
-- terrain that disorganizes it.
local function fair_join(o, req)
  local n, facing = o:match("^(%S+) ?(%S*)")
  local cc = n and bitwa.unit(n)
  local mn = req.prompt and req.prompt:match("countercharge on (%S+) %(")
  local mover = mn and bitwa.unit(mn)
  if not (cc and mover and mover.hex) then return true end
  if on_leader_hex(cc) then return false end
  local p = plan_of(cc, mover, facing ~= "" and facing or nil)
  return p ~= nil and not plan_disorganizes(p)
end

local function is_hex(s) return s:match("^%d%d%d%d?%d?%d?$") ~= nil end

-- [5.5.4] [5.5.5] Whether u's voluntary pursuit is worth its next hex h,
-- by the rules' own numbers: never into terrain that disorganizes it
-- (4.2.5, 4.2.6), nor by the last unit on a leader's hex (he would follow
-- it toward the enemy, 8.1.7), nor next to an enemy whom it would have to
-- pursue into such terrain after its next attack (pursuit_trap); it goes
-- where it ends next to enemy field units that, all of them attacking it
-- there, would fight below 1:1 (the rules' own column), and one of which
-- it would attack from there at 2:1 or better (the combat its pursuit
-- gains it).  Elsewhere it stops: a pursuit that ends out of contact, or
-- in contact at worse odds, only takes it away from its line.
function pursuit_worth(u, h)
  if not (u and u.hex and h) or not rules.units.is_field(u) or guards_leader(u) then return false end
  if #rules.units.leaders_at(u.hex, u.side) > 0 then return false end
  if disorganizing(u, u.hex, h) then return false end
  local s = rules.movement.planned(u)
  s.hex = h
  if rules.bot.pursuit_trap(u.side, s) then return false end
  local adj, hexes, seen = {}, {}, {}
  for _, e in ipairs(bitwa.units { side = rules.units.enemy(u.side), near = h, within = 1 }) do
    local eh = e.hex
    if eh and eh.label ~= h.label and rules.units.is_field(e) and not rules.units.is_panicked(e) then
      adj[#adj + 1] = e
      if not seen[eh.label] then seen[eh.label] = true; hexes[#hexes + 1] = eh end
    end
  end
  if #adj == 0 then return false end
  local ok, r = pcall(rules.combat.evaluate, { attackers = adj, defenders = { s } })
  if not ok or r.final >= FAIR_COLUMN then return false end
  for _, eh in ipairs(hexes) do
    local defs = {}
    for _, e in ipairs(adj) do if e.hex.label == eh.label then defs[#defs + 1] = e end end
    local ok2, r2 = pcall(rules.combat.evaluate, { attackers = { s }, defenders = defs })
    if ok2 and r2.final >= FAIR_COLUMN + 1 then return true end
  end
  return false
end

-- Whether entering h off a road disorganizes cavalry or infantry [4.2.5]
-- [4.2.6].
function rough(h)
  if not h then return false end
  local t = rules.fortifications.terrain(h)
  local D = rules.movement.disorganizing
  return (D.cavalry and D.cavalry[t]) == true or (D.infantry and D.infantry[t]) == true
end

function M.answer(req)
  local opts = req.options
  if req.kind == "reaction" then
    for _, o in ipairs(opts) do if o:match("^fire ") then return o end end
    for _, o in ipairs(opts) do
      if o ~= "pass" and (not o:match("^countercharge ") or fair_countercharge(o)) then return o end
    end
    return "pass"
  end
  if req.kind == "countercharge_join" then
    for _, o in ipairs(opts) do
      if o ~= "no" and fair_join(o, req) then return o end
    end
    for _, o in ipairs(opts) do if o == "no" then return o end end
    return opts[1]
  end
  if req.kind == "return_fire" then return opts[1] end
  if req.kind == "loss" then
    local best, sp = opts[1], -1
    for _, o in ipairs(opts) do
      local u = bitwa.unit(o)
      if u and u.sp > sp then best, sp = o, u.sp end
    end
    return best
  end
  if req.kind == "retreat" and is_hex(opts[1]) then
    -- away from the enemy, and not into terrain that disorganizes
    -- (4.2.5, 4.2.6 on any entry, A-010); never through the hex of a
    -- leader of its side standing alone before its last hex (the
    -- pursuit follows the path and kills him there, 8.2.6), onto it for
    -- the last (he has a unit again)
    local side = req.side
    local step, of = (req.prompt or ""):match("retreats (%d+) of (%d+) hexes")
    local last = step ~= nil and step == of
    local unit = (req.prompt or ""):match("^(%S+) retreats")
    local u = unit and bitwa.unit(unit)
    local leader_self = u and rules.units.is_leader(u)
    local enemies = places(enemy_field_units(side))
    local best, bk = opts[1], nil
    for _, o in ipairs(opts) do
      local h = bitwa.hex.parse(o)
      local _, d = nearest(h, enemies)
      local key = (rough(h) and not leader_self and 100 or 0) - (d or 99)
      -- a leader withdrawing alone ends where units of his side stand
      if leader_self and last and stack_sp(h, side) > 0 then key = key - 200 end
      if step and not leader_self then
        -- cavalry rides down the friendly non-cavalry units of a hex it
        -- retreats onto or through (5.4.4)
        local rides, keeps = false, false
        for _, f in ipairs(rules.units.field_units_at(h, side)) do
          if u and rules.units.is_cavalry(u) and not rules.units.is_cavalry(f) then rides = true
          elseif not rules.units.is_panicked(f) then keeps = true end
        end
        if rides then key = key + 500 end
        if #rules.units.leaders_at(h, side) > 0 then
          if not keeps then key = key + (last and not rides and -50 or 1000)
          elseif not last then key = key + 200 end
        end
      end
      if not bk or key < bk then best, bk = o, key end
    end
    return best
  end
  -- a voluntary pursuit (5.5.4, 5.5.5) goes on only where it is worth it
  -- (pursuit_worth); an obligatory one keeps out of rough terrain when it
  -- may
  if req.kind == "pursuit" then
    local stop = false
    for _, o in ipairs(opts) do if o == "stop" then stop = true end end
    if stop then
      local name = (req.prompt or ""):match("^(%S+): voluntary pursuit")
      local u = name and bitwa.unit(name)
      for _, o in ipairs(opts) do
        if is_hex(o) and pursuit_worth(u, bitwa.hex.parse(o)) then return o end
      end
      return "stop"
    end
    for _, o in ipairs(opts) do
      if is_hex(o) and not rough(bitwa.hex.parse(o)) then return o end
    end
    return opts[1]
  end
  if req.kind == "panic" then return "march" end
  return opts[1]
end

return M
