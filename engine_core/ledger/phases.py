"""Phase constants shared by every edition.

Each edition's `board_defs/<ed>/rules.py` holds `RULES["phases"]`, the tuple of these
constants in the edition's turn order (CL-S-01, LHTR-S-01, P40-T-01, G40-T-01); an
optional research phase is prepended when the R&D option is on (P40-T-01).
`GameState.phase` is an index into that tuple, so a phase table decides the order and
`phase_of(table, state.phase)` gives the constant.
"""

RESEARCH = 0        # Develop weapons / research & development
PURCHASE = 1        # Purchase (and repair) units
COMBAT_MOVE = 2     # Combat move (declarations of war at its start in the 1940 games)
COMBAT = 3          # Conduct combat
NONCOMBAT = 4       # Noncombat move
MOBILIZE = 5        # Mobilize / place new units
INCOME = 6          # Collect income

NAMES = ("research", "purchase", "combat_move", "combat", "noncombat_move", "mobilize", "collect_income")

# Phases a power plays while its capital is held by the enemy (P40-T-03, LHTR-S-07,
# CL-C-85 [INTERP: moves and fights with existing units], G40-T-06).
CAPITAL_LOST_PLAYS = (COMBAT_MOVE, COMBAT, NONCOMBAT)


def name(phase):
    """The phase constant's name, as used in summaries and the CLI."""
    return NAMES[phase]


