-- How bitwa render draws Grognard's terrain (the engine's palette has no
-- colour for the book's own names): woods as woods, earthworks and
-- structures in stone and timber shades, the mud that weather makes brown.
local M = {}

M.terrain_colors = {
  wooded = "#86ad6a",
  ditch = "#c9b48a",
  rampart = "#b9aea4",
  mud = "#a08a66",
  bastion = "#9c948c",
  curtain_wall = "#a8a098",
  gatehouse = "#948a80",
  palisade = "#b08d5a",
}

return M
