-- Victory (the scenarios, L757-936): points for enemy units destroyed by
-- their type and for enemy commanders killed (scenario victory { vp =
-- { infantry =, artillery =, cavalry =, commander = } }), automatic
-- victories (victory { king = NAME, king_side = SIDE }: that side loses at
-- once when its king is killed or leaves the map; hold = { unit =, hex =,
-- side = }: that side wins when the unit stands on the hex at the end),
-- and at the last stage's end the side with more points wins, equal
-- points are a draw (A-118).  VP: game.vp.SIDE (also vp.SIDE for render).
local M = {}

local function cls(kind)
  if kind == "commander" then return "commander" end
  if kind == "artillery" then return "artillery" end
  if kind == "infantry" or kind == "pikes" then return "infantry" end
  if kind == "husaria" or kind == "cavalry" or kind == "tatars" then return "cavalry" end
  return nil
end

local function vp(side) return bitwa.var("vp." .. side) or 0 end

-- a unit of `side` of kind `kind` named `name` was eliminated
function M.eliminated(side, kind, name)
  local v = bitwa.scenario().victory
  if not v then return end
  local c = cls(kind)
  local pts = c and v.vp and v.vp[c] or 0
  if pts > 0 then
    local enemy = bitwa.enemy(side)
    bitwa.set_var("vp." .. enemy, vp(enemy) + pts)
  end
  if v.king and v.king == name then
    local enemy = bitwa.enemy(side)
    bitwa.game_over { winner = enemy, level = "automatic victory", reason = name .. " is killed or off the map",
                      vp = { [enemy] = vp(enemy), [side] = vp(side) } }
  end
end

function M.game_end()
  local v = bitwa.scenario().victory or {}
  local sides = bitwa.sides()
  local pts = {}
  for _, s in ipairs(sides) do pts[s] = vp(s) end
  if v.hold then
    local u = bitwa.unit(v.hold.unit)
    if u and u.hex ~= nil and u.hex.label == v.hold.hex then
      bitwa.game_over { winner = v.hold.side, level = "automatic victory",
                        reason = v.hold.unit .. " holds " .. v.hold.hex .. " at the end", vp = pts }
      return
    end
  end
  local a, b = sides[1], sides[2]
  if pts[a] == pts[b] then
    bitwa.game_over { winner = "", level = "draw", reason = "equal victory points", vp = pts }
  else
    local w = pts[a] > pts[b] and a or b
    bitwa.game_over { winner = w, level = "victory", reason = "more victory points", vp = pts }
  end
end

return M
