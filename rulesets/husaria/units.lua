-- [2.0] Props: the kinds of tokens [2.1] [2.3], strength [6.41] [6.42],
-- stacking [4.27] [7.23] [13.34], leaving the map [4.31].
local M = {}

local CAVALRY = { husaria = true, cavalry = true, tatars = true }
local INFANTRY = { infantry = true, pikes = true }

function M.is_cavalry(u) return CAVALRY[u.kind] == true end
function M.is_infantry(u) return INFANTRY[u.kind] == true end
function M.is_artillery(u) return u.kind == "artillery" end
function M.is_commander(u) return u.kind == "commander" end
function M.is_marker(u) return u.kind == "wagon" or u.kind == "fence" end
-- [2.1] [9.12] [11.11] a fighting unit: not a commander, wagon or fence
function M.is_field(u) return not M.is_commander(u) and not M.is_marker(u) end
-- the arm whose column of the terrain table a unit uses: artillery moves
-- as infantry (the table has two columns)
function M.arm(u) return M.is_cavalry(u) and "cavalry" or "infantry" end

-- The fighting units on hex h (in id order).
function M.field_units_at(h)
  local out = {}
  for _, u in ipairs(bitwa.units_at(h)) do if M.is_field(u) then out[#out + 1] = u end end
  return out
end

-- [4.27] [7.23] [13.34] Whether `units` (a list of one side's field units)
-- may stand on one hex: 2 SP, or 4 SP when artillery is among them with at
-- most 2 SP of infantry (the 13.34 example, T-71).
function M.stack_ok(units)
  local total, inf, art = 0, 0, false
  for _, u in ipairs(units) do
    total = total + u.sp
    if M.is_artillery(u) then art = true elseif M.is_infantry(u) then inf = inf + u.sp end
  end
  if art then
    return total <= rules.tables.stacking_with_artillery and inf <= rules.tables.stacking
  end
  return total <= rules.tables.stacking
end

-- Whether u may join the field units on h (u's own side only).
function M.may_join(u, h)
  local list = {}
  for _, o in ipairs(M.field_units_at(h)) do
    if o.id ~= u.id then
      if o.side ~= u.side then return false end
      list[#list + 1] = o
    end
  end
  list[#list + 1] = u
  return M.stack_ok(list), "4.27"
end

-- [6.42] [4.31] u is eliminated: removed from the game.  `why` is said in
-- the log.  The morale track moves one field for its enemy [8.13] (four
-- for a commander, 9.24), except for losses by dispersal [10.16]
-- (opts.no_morale); a commander on the hex of an eliminated unit may die
-- with it [9.22].
function M.eliminate(u, rule, why, opts)
  local h, side, commander, field, name, kind = u.hex, u.side, M.is_commander(u), M.is_field(u), u.name, u.kind
  bitwa.note(u.name .. " is eliminated (" .. rule .. (why and (": " .. why) or "") .. ")")
  bitwa.set_var("eliminated." .. side, (bitwa.var("eliminated." .. side) or 0) + 1)
  bitwa.remove(u)
  local enemy = bitwa.enemy(side)
  if commander then
    bitwa.set_var("killed." .. name, bitwa.turn())
    rules.morale.move(enemy, rules.tables.commander_morale, "9.24")
  elseif not (opts and opts.no_morale) then
    rules.morale.move(enemy, 1, "8.13")
  end
  rules.victory.eliminated(side, kind, name)
  if bitwa.is_over() then return end
  if h and field then rules.commanders.unit_eliminated(side, h) end
end

-- [6.42] u loses n SP; at 0 it is eliminated.  Returns whether it survives.
function M.lose_sp(u, n, rule)
  local left = u.sp - n
  if left <= 0 then
    M.eliminate(u, "6.42", "no SP left")
    return false
  end
  u.sp = left
  bitwa.note(u.name .. " loses " .. n .. " SP (" .. (rule or "6.42") .. "), " .. left .. " left")
  return true
end

return M
