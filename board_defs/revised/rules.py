"""Economy, turn and victory rule flags of Revised (2004).

The sources give Revised only as amended by LHTR (LHTR-M-08: "Revised without LHTR cannot
be built from this source"), so Revised uses the LHTR economy, turn and victory rules.

Owned by the ledger. One flag = one consumer (named in the comment) + this documentation line.
"""
from board_defs.revised_lhtr.rules import RULES  # noqa: F401  (identical table)
