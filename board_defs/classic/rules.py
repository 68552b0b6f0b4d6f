"""Economy, turn and victory rule flags of Classic (2nd edition rules). Owned by the ledger.

One flag = one consumer (named in the comment) + this line of documentation.
"""
from engine_core.ledger.phases import RESEARCH, PURCHASE, COMBAT_MOVE, COMBAT, NONCOMBAT, MOBILIZE, INCOME

RULES = {
    # game.py: turn order of phases; weapons development comes before buying (CL-S-01, CL-S-03)
    "phases": (RESEARCH, PURCHASE, COMBAT_MOVE, COMBAT, NONCOMBAT, MOBILIZE, INCOME),
    # game.py: research phase exists only with the R&D option (False: always part of the turn)
    "research_optional": False,
    # economy.placement_limit: original ICs unlimited, new/captured = territory value, min 1 (CL-E-04)
    "placement": "classic",
    # economy.place: units that cannot be placed are lost, no refund (CL-E-05)
    "overbuy": "lost",
    # economy.repair: no damage markers in Classic (SBR takes IPCs from the treasury, CL-C-54)
    "repair_cost": 0,
    # economy.place: a new IC needs a territory worth at least this much (CL-E-03: any owned)
    "ic_min_value": 0,
    # economy.place: AA guns one territory may receive in a Mobilize phase (CL-E-03: one AA
    # gun per territory; LHTR and 1940 set no limit, LHTR-M-09)
    "aa_per_territory": 1,
    # economy.capture: a captured major complex becomes minor (1940 only)
    "downgrade_major": False,
    # economy.capture: IPCs seized while one's own capital is lost are frozen (LHTR-E-13 only)
    "frozen_plunder": False,
    # economy.violate_neutral: fee paid to the bank by the first violator of a neutral (CL-C-92)
    "neutral_fee": 3,
    # victory.check: the edition's victory procedure (CL-P-09..12)
    "victory": "classic",
    # victory.check: Axis economic victory at the end of a round (CL-P-11, [INTERP] >= 84)
    "economic_victory": 84,
    # game.collect_income: national objectives are evaluated (none in Classic)
    "objectives": False,
    # game.collect_income: convoy disruption is rolled (none in Classic)
    "convoy": False,
    # game.new: kamikaze tokens at start (none)
    "kamikaze": 0,
}
