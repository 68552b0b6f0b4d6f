"""Economy, turn and victory rule flags of the Global 1940 power-by-power variant: the Global 1940
flags (004 changes the political situations and objectives, which live in objectives.py), plus
the one setup fact the shared map cannot hold."""
from board_defs.global_1940.rules import RULES as _G40

RULES = dict(_G40)
# ledger/game.py: complexes that begin the game minor (G40-U-03: "the industrial complex in
# India begins the game as a minor complex"; politics upgrades it when UK Pacific goes to war)
RULES["minor_at_start"] = ("India",)
