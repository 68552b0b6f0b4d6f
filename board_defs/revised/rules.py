"""Economy, turn and victory rule flags of Revised (2004).

The sources give Revised only as amended by LHTR (LHTR-M-08: "Revised without LHTR cannot
be built from this source"), so Revised uses the LHTR economy, turn and victory rules --
except the one original the FAQ recovers for the ledger (LHTR-M-08): the SBR cap was per
bomber (applied by the raid itself, engine_core/battle/raids.py), not per complex and turn.

Owned by the ledger. One flag = one consumer (named in the comment) + this documentation line.
"""
from board_defs.revised_lhtr.rules import RULES as _LHTR

RULES = dict(_LHTR)
# economy.bombing: no cap on all raids of one turn together (LHTR-M-08; LHTR-C-52 is LHTR's)
RULES["bombing_turn_cap"] = False
