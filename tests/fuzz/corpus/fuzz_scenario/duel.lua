-- A short meeting engagement across the river at Wola.
scenario { title = "Duel at Wola", map = "skirmish", turns = 4 }

side { "A", name = "Red" }
side { "B", name = "Blue" }

zone { "west", "0101-0110", "0201-0210", "0301-0310" }

unit { "R1", side = "A", kind = "infantry", hex = "0304", facing = "SE", sp = 2, mp = 3, zone = "west" }
unit { "R2", side = "A", kind = "cavalry", hex = "0306", facing = "NE", sp = 1, mp = 5, zone = "west" }
unit { "R3", side = "A", kind = "archers", hex = "0206", facing = "NE", sp = 1, mp = 3, zone = "west" }
unit { "B1", side = "B", kind = "infantry", hex = "0905", facing = "NW", sp = 2, mp = 3 }
unit { "B2", side = "B", kind = "cavalry", hex = "1007", facing = "NW", sp = 1, mp = 5 }
unit { "B3", side = "B", kind = "archers", hex = "0804", facing = "SW", sp = 1, mp = 3 }
unit { "B4", side = "B", kind = "infantry", sp = 1, mp = 3 }

reinforcement { turn = 2, side = "B", at = "1205", units = { "B4" } }

-- Reinforcements arrive at the start of their turn.
hook { "turn_start", function(turn)
  for _, r in ipairs(bitwa.scenario().reinforcements) do
    if r.turn == turn then
      for _, name in ipairs(r.units) do
        local u = bitwa.unit(name)
        if u and not u.hex then
          u.hex = r.at[1]
          u.facing = bitwa.hex.facing("W")  or 5
          bitwa.note(name .. " arrives at " .. r.at[1].label)
        end
      end
    end
  end
end }
