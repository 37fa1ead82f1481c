-- the engine's own facing names, edited while the overlay loads
bitwa.hex.FACINGS[1] = "X"
