"""Revised units as amended by LHTR (Appendix I unit profiles; errata: fighter 10).

Order is the canonical unit order of the edition (a unit id is the index).
"""
from engine_core.units import (
    LAND, AIR, SEA, FACILITY,
    AB_CAPTURES, AB_SUPPORTABLE, AB_ARTILLERY, AB_AA, AB_SUBMARINE, AB_DESTROYER,
    AB_TRANSPORT, AB_CARRIER, AB_BOMBARD, AB_STRATEGIC, AB_FIGHTER, AB_CARRIER_AIR,
    AB_NEEDS_ESCORT, AB_SURFACE_WARSHIP, AB_BLITZ, AB_IC,
    CF_AA_EACH_PLANE, CF_AA_BY_TYPE, CF_SUB_OPENING_FIRE, CF_DESTROYER,
    CF_SUB_SUBMERGE_AFTER_CYCLE, CF_TWO_HIT_BATTLESHIP, CF_REPAIR_AFTER_BATTLE, CF_ARTILLERY,
    CF_BOMBARD_NO_REPLY, CF_HEAVY_BEST_OF_TWO, CF_AA_GUN_CARRIED,
    CF_TRANSPORT_FIRES,
)

# name, cost, attack, defense, move, hits, kind, abilities, max damage
UNITS = (
    ("infantry", 3, 1, 2, 1, 1, LAND, AB_CAPTURES | AB_SUPPORTABLE, 0),                 # LHTR-U-01
    ("artillery", 4, 2, 2, 1, 1, LAND, AB_CAPTURES | AB_ARTILLERY, 0),                  # LHTR-U-03
    ("armor", 5, 3, 3, 2, 1, LAND, AB_CAPTURES | AB_BLITZ, 0),                          # LHTR-U-04
    ("antiaircraft_gun", 5, 0, 1, 1, 1, LAND, AB_AA, 0),                                # LHTR-U-10/11
    ("fighter", 10, 3, 4, 4, 1, AIR, AB_FIGHTER | AB_CARRIER_AIR, 0),                  # LHTR-U-33
    ("bomber", 15, 4, 1, 6, 1, AIR, AB_STRATEGIC, 0),                                   # LHTR-U-40
    ("battleship", 24, 4, 4, 2, 2, SEA, AB_BOMBARD | AB_SURFACE_WARSHIP, 0),            # LHTR-U-50
    ("aircraft_carrier", 16, 1, 3, 2, 1, SEA, AB_CARRIER | AB_SURFACE_WARSHIP, 0),      # LHTR-U-60
    ("destroyer", 12, 3, 3, 2, 1, SEA, AB_DESTROYER | AB_SURFACE_WARSHIP, 0),           # LHTR-U-52
    ("submarine", 8, 2, 2, 2, 1, SEA, AB_SUBMARINE, 0),                                 # LHTR-U-80
    ("transport", 8, 0, 1, 2, 1, SEA, AB_TRANSPORT | AB_NEEDS_ESCORT, 0),               # LHTR-U-70
    ("industrial_complex", 15, 0, 0, 0, 0, FACILITY, AB_IC, 0),                         # LHTR-U-20
)

ALIASES = (
    ("tank", "armor"),
    ("aa_gun", "antiaircraft_gun"),
    ("aa", "antiaircraft_gun"),
    ("aaa", "antiaircraft_gun"),
    ("strategic_bomber", "bomber"),
    ("carrier", "aircraft_carrier"),
    ("sub", "submarine"),
    ("bb", "battleship"),
    ("ic", "industrial_complex"),
)

COMBAT_FLAGS = (CF_AA_EACH_PLANE | CF_AA_BY_TYPE | CF_SUB_OPENING_FIRE | CF_DESTROYER
                | CF_SUB_SUBMERGE_AFTER_CYCLE | CF_TWO_HIT_BATTLESHIP | CF_REPAIR_AFTER_BATTLE
                | CF_ARTILLERY | CF_BOMBARD_NO_REPLY
                | CF_HEAVY_BEST_OF_TWO | CF_AA_GUN_CARRIED | CF_TRANSPORT_FIRES)
# No CF_BOMBARD_PER_LAND_UNIT: LHTR-U-51 "your battleships in the same sea zone as the offloading
# transport can conduct shore bombardment. Each battleship fires once" (the cap is P40-C-61's)
