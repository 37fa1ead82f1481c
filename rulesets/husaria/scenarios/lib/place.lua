-- Helpers shared by the Husaria scenarios: zones as blocks of columns and
-- rows, and a default placement (the one `--deploy scenario` keeps) that
-- puts each unit on the next free hex of its zone, one fighting unit a
-- hex, commanders with the first unit of their group.
local P = {}

-- "CCRR-CCRR" runs for columns c1..c2, rows r1..r2
function P.block(c1, c2, r1, r2)
  local out = {}
  for c = c1, c2 do out[#out + 1] = string.format("%02d%02d-%02d%02d", c, r1, c, r2) end
  return out
end

-- the hexes within 1 of each of the given hexes (the scenarios' "S" and
-- "(1)"), on a map whose odd columns sit lower
function P.around(...)
  local out, seen = {}, {}
  local function add(c, r)
    if c >= 1 and c <= 45 and r >= 1 and r <= 24 then
      local k = string.format("%02d%02d", c, r)
      if not seen[k] then seen[k] = true; out[#out + 1] = k end
    end
  end
  for _, h in ipairs { ... } do
    local c, r = tonumber(h:sub(1, 2)), tonumber(h:sub(3, 4))
    add(c, r)
    local odd = c % 2 == 1
    add(c, r - 1); add(c, r + 1)
    if odd then add(c - 1, r); add(c - 1, r + 1); add(c + 1, r); add(c + 1, r + 1)
    else add(c - 1, r - 1); add(c - 1, r); add(c + 1, r - 1); add(c + 1, r) end
  end
  return out
end

-- The hexes of a zone spec list, in order.
local function expand(spec)
  local out = {}
  for _, s in ipairs(spec) do
    local a, b = s:match("^(%d%d%d%d)%-(%d%d%d%d)$")
    if a then
      local c = a:sub(1, 2)
      for r = tonumber(a:sub(3, 4)), tonumber(b:sub(3, 4)) do out[#out + 1] = c .. string.format("%02d", r) end
    else out[#out + 1] = s end
  end
  return out
end

-- A placer: P.new(zone_specs) -> place(unit_table) declares the unit on
-- the next free hex of its zone.
function P.new(zones, declare)
  local hexes, used = {}, {}
  for name, spec in pairs(zones) do hexes[name] = expand(spec) end
  return function(u)
    local z = u.zone
    if u.kind == "commander" or u.kind == "wagon" then
      u.hex = u.hex or hexes[z][1]
    else
      for _, h in ipairs(hexes[z]) do
        if not used[h] then used[h] = true; u.hex = h; break end
      end
      if not u.hex then error("zone " .. z .. " is full for " .. u[1]) end
    end
    declare(u)
  end
end

return P
