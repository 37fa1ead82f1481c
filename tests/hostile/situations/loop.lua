-- a situation file that never returns
while true do end
