"""Economy, turn and victory rule flags of Global 1940 (the Global rules of the Pacific 1940 book). Owned by the ledger.

One flag = one consumer (named in the comment) + this line of documentation.
"""
from engine_core.ledger.phases import RESEARCH, PURCHASE, COMBAT_MOVE, COMBAT, NONCOMBAT, MOBILIZE, INCOME

RULES = {
    # game.py: six phases; R&D is prepended when the option is on (P40-T-01)
    "phases": (RESEARCH, PURCHASE, COMBAT_MOVE, COMBAT, NONCOMBAT, MOBILIZE, INCOME),
    # game.py: the research phase exists only with the "rd" option (P40-T-01, P40-R-01)
    "research_optional": True,
    # economy.placement_limit: major 10 / minor 3, minus damage; upgraded this turn 3 (P40-E-12)
    "placement": "complex_size",
    # economy.place: units that cannot be placed are refunded (P40-E-17, P40-T-50)
    "overbuy": "refund",
    # economy.repair: IPCs per facility damage marker removed (P40-E-03)
    "repair_cost": 1,
    # economy.place: a new facility needs a territory worth at least this much (site rules P40-U-64..69)
    "ic_min_value": 1,
    # economy.capture: a captured major complex becomes minor, damage above 6 removed (P40-C-102)
    "downgrade_major": True,
    # economy.capture: IPCs seized while one's own capital is lost are frozen (no: P40-C-105)
    "frozen_plunder": False,
    # economy.violate_neutral: no fee (neutrals have standing armies, P40-C-130)
    "neutral_fee": 0,
    # victory.check: Global victory: 8 Europe or 6 Pacific VCs, or the three Axis capitals, held a round (G40-G-09..11)
    "victory": "g40",
    # victory.check: Pacific-map victory cities the Axis need (G40-G-09)
    "vc_level": 6,
    # victory.check: Europe-map victory cities the Axis need (G40-G-09)
    "vc_level_europe": 8,
    # victory.check: no economic victory (G40-G-09, G40-G-10)
    "economic_victory": 0,
    # game.collect_income: national objectives are evaluated (P40-E-50)
    "objectives": True,
    # game.collect_income: convoy disruption is rolled (P40-E-40)
    "convoy": True,
    # game.new: Japan's kamikaze tokens at start (P40-T-72)
    "kamikaze": 6,
}
