-- Small SVG charts for reports: a histogram of integer values and
-- stacked horizontal bars.  Each chart is an SVG group placed at
-- (x, y) with size (w, h); M.document wraps groups into a file.
local M = {}

local function esc(s)
  return (tostring(s):gsub("[&<>\"]", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;" }))
end
M.escape = esc

local function num(v)
  if math.type(v) == "integer" then return tostring(v) end
  local s = string.format("%.2f", v):gsub("0+$", ""):gsub("%.$", "")
  return s
end

local function text(x, y, s, opts)
  opts = opts or {}
  return string.format('<text x="%s" y="%s" font-size="%s"%s%s>%s</text>',
    num(x), num(y), num(opts.size or 12),
    opts.anchor and (' text-anchor="' .. opts.anchor .. '"') or "",
    opts.weight and (' font-weight="' .. opts.weight .. '"') or "", esc(s))
end

-- The bins of integer values: at most `max_bins` bins of equal width
-- (a whole number), each { lo, hi, count } with lo..hi inclusive.
function M.bins(values, max_bins)
  max_bins = max_bins or 40
  if #values == 0 then return {} end
  local lo, hi = math.huge, -math.huge
  for _, v in ipairs(values) do
    if v < lo then lo = v end
    if v > hi then hi = v end
  end
  lo, hi = math.floor(lo), math.floor(hi)
  local width = math.max(1, (hi - lo + 1 + max_bins - 1) // max_bins)
  local out = {}
  for b = lo, hi, width do out[#out + 1] = { lo = b, hi = b + width - 1, count = 0 } end
  for _, v in ipairs(values) do
    local i = (math.floor(v) - lo) // width + 1
    out[i].count = out[i].count + 1
  end
  return out
end

--[[
M.histogram{ values = {integers}, title =, xlabel =, x =, y =, w =, h =,
color = }: bars of the counts per bin, the axes, a dashed line at 0 when
0 lies in the range, and the mean.
--]]
function M.histogram(o)
  local x, y, w, h = o.x or 0, o.y or 0, o.w or 600, o.h or 260
  local parts = { string.format('<g class="histogram" transform="translate(%s,%s)">', num(x), num(y)) }
  local function add(s) parts[#parts + 1] = s end
  add(text(w / 2, 16, o.title or "", { anchor = "middle", weight = "bold", size = 14 }))
  local left, right, top, bottom = 44, 12, 28, 40
  local pw, ph = w - left - right, h - top - bottom
  local bins = M.bins(o.values or {}, o.max_bins)
  add(string.format('<line x1="%d" y1="%s" x2="%s" y2="%s" stroke="#333"/>', left, num(top + ph), num(left + pw), num(top + ph)))
  add(string.format('<line x1="%d" y1="%d" x2="%d" y2="%s" stroke="#333"/>', left, top, left, num(top + ph)))
  if #bins == 0 then
    add(text(left + pw / 2, top + ph / 2, "no games", { anchor = "middle" }))
    add("</g>")
    return table.concat(parts, "\n")
  end
  local maxc = 1
  for _, b in ipairs(bins) do if b.count > maxc then maxc = b.count end end
  local bw = pw / #bins
  for i, b in ipairs(bins) do
    local bh = ph * b.count / maxc
    add(string.format('<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="#fff" stroke-width="0.5"><title>%s: %d</title></rect>',
      num(left + (i - 1) * bw), num(top + ph - bh), num(bw), num(bh), o.color or "#4a7ab5",
      esc(b.lo == b.hi and tostring(b.lo) or (b.lo .. " to " .. b.hi)), b.count))
  end
  -- x labels: every k-th bin so that labels do not crowd
  local step = math.max(1, math.ceil(#bins / 10))
  for i = 1, #bins, step do
    add(text(left + (i - 0.5) * bw, top + ph + 14, bins[i].lo, { anchor = "middle", size = 10 }))
  end
  add(text(left - 4, top + 10, maxc, { anchor = "end", size = 10 }))
  add(text(left - 4, top + ph, 0, { anchor = "end", size = 10 }))
  local lo, span = bins[1].lo, bins[#bins].hi + 1 - bins[1].lo
  -- an integer v covers [v, v + 1) of the axis
  local function xpos(v) return left + pw * (v - lo + 0.5) / span end
  if lo <= 0 and bins[#bins].hi >= 0 then
    add(string.format('<line x1="%s" y1="%d" x2="%s" y2="%s" stroke="#000" stroke-dasharray="4 3"/>',
      num(xpos(0)), top, num(xpos(0)), num(top + ph)))
  end
  if o.mean then
    add(string.format('<line x1="%s" y1="%d" x2="%s" y2="%s" stroke="#c0392b" stroke-width="2"><title>mean %s</title></line>',
      num(xpos(o.mean)), top, num(xpos(o.mean)), num(top + ph), num(o.mean)))
  end
  add(text(left + pw / 2, h - 6, o.xlabel or "", { anchor = "middle", size = 11 }))
  add("</g>")
  return table.concat(parts, "\n")
end

--[[
M.bars{ rows = { { label =, parts = { { value =, label =, color = } } } },
title =, x =, y =, w =, h = }: one stacked horizontal bar per row, each
part as a share of the row's total, with its share written inside.
--]]
function M.bars(o)
  local x, y, w, h = o.x or 0, o.y or 0, o.w or 600, o.h or 120
  local parts = { string.format('<g class="bars" transform="translate(%s,%s)">', num(x), num(y)) }
  local function add(s) parts[#parts + 1] = s end
  add(text(w / 2, 16, o.title or "", { anchor = "middle", weight = "bold", size = 14 }))
  local left, top, legend = 90, 28, 22
  local rows = o.rows or {}
  local rh = #rows > 0 and math.min(36, (h - top - legend) / #rows) or 0
  local pw = w - left - 12
  for r, row in ipairs(rows) do
    local total = 0
    for _, p in ipairs(row.parts) do total = total + p.value end
    local ry = top + (r - 1) * rh
    add(text(left - 6, ry + rh / 2 + 4, row.label, { anchor = "end" }))
    local cx = left
    for _, p in ipairs(row.parts) do
      local pw_i = total > 0 and pw * p.value / total or 0
      if pw_i > 0 then
        add(string.format('<rect x="%s" y="%s" width="%s" height="%s" fill="%s"><title>%s: %s</title></rect>',
          num(cx), num(ry + 2), num(pw_i), num(rh - 4), p.color or "#888", esc(p.label or ""), num(p.value)))
        if pw_i > 34 then
          add(text(cx + pw_i / 2, ry + rh / 2 + 4, string.format("%.0f%%", 100 * p.value / total),
            { anchor = "middle", size = 11 }))
        end
      end
      cx = cx + pw_i
    end
  end
  -- the legend, from the first row's parts
  local lx = left
  for _, p in ipairs(rows[1] and rows[1].parts or {}) do
    add(string.format('<rect x="%s" y="%s" width="10" height="10" fill="%s"/>', num(lx), num(h - 14), p.color or "#888"))
    add(text(lx + 14, h - 5, p.label or "", { size = 11 }))
    lx = lx + 24 + 7 * #(p.label or "")
  end
  add("</g>")
  return table.concat(parts, "\n")
end

-- An SVG document of width w and height h holding the given groups.
function M.document(w, h, groups, title)
  return table.concat({
    string.format('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">', w, h, w, h),
    title and ("<title>" .. esc(title) .. "</title>") or "",
    string.format('<rect width="%d" height="%d" fill="#fff"/>', w, h),
    table.concat(groups, "\n"),
    "</svg>", "" }, "\n")
end

return M
