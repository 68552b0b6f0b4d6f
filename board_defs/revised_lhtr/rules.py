"""Economy, turn and victory rule flags of Revised under the Larry Harris Tournament Rules.

Owned by the ledger. One flag = one consumer (named in the comment) + this documentation line.
"""
from engine_core.ledger.phases import RESEARCH, PURCHASE, COMBAT_MOVE, COMBAT, NONCOMBAT, MOBILIZE, INCOME

RULES = {
    # game.py: seven phases, weapons development first (LHTR-S-01)
    "phases": (RESEARCH, PURCHASE, COMBAT_MOVE, COMBAT, NONCOMBAT, MOBILIZE, INCOME),
    # game.py: research phase exists only with the R&D option (False: always part of the turn)
    "research_optional": False,
    # economy.placement_limit: every IC places at most its territory's value (LHTR-E-04)
    "placement": "territory_value",
    # economy.place: units beyond the limit are lost (LHTR-E-04: tournament rule)
    "overbuy": "lost",
    # economy.repair: no damage markers (SBR and rockets take IPCs, LHTR-E-14)
    "repair_cost": 0,
    # economy.bombing: all raids and rockets on one IC in one turn destroy at most the
    # territory's income value (LHTR-C-52; original Revised caps each bomber instead)
    "bombing_turn_cap": True,
    # economy.place: a new IC needs a territory worth at least 1 (LHTR-E-08)
    "ic_min_value": 1,
    # economy.capture: a captured major complex becomes minor (1940 only)
    "downgrade_major": False,
    # economy.capture: IPCs seized while one's own capital is lost are frozen (LHTR-E-13)
    "frozen_plunder": True,
    # economy.violate_neutral: no fee; neutrals are impassable (LHTR-P-11)
    "neutral_fee": 0,
    # victory.check: victory cities counted at the end of a round (LHTR-P-08)
    "victory": "vc_count",
    # victory.check: default level (LHTR-P-08: moderate = 9, recommended for tournaments)
    "vc_level": 9,
    # victory.check: no economic victory (LHTR-P-08)
    "economic_victory": 0,
    # game.collect_income: national objectives are evaluated (none; national advantages are optional)
    "objectives": False,
    # game.collect_income: convoy disruption is rolled (none)
    "convoy": False,
    # game.new: kamikaze tokens at start (none)
    "kamikaze": 0,
}
