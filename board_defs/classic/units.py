"""Classic (2nd edition) units: the Reference Chart values (CL unit table, CL-U-*).

Order is the canonical unit order of the edition (a unit id is the index).
"""
from engine_core.units import (
    LAND, AIR, SEA, FACILITY,
    AB_CAPTURES, AB_AA, AB_SUBMARINE, AB_TRANSPORT, AB_CARRIER, AB_BOMBARD,
    AB_STRATEGIC, AB_FIGHTER, AB_CARRIER_AIR, AB_NEEDS_ESCORT, AB_SURFACE_WARSHIP,
    AB_BLITZ, AB_IC,
    CF_AA_EACH_PLANE, CF_SUB_ATTACK_FIRST_SHOT, CF_SUB_WITHDRAW_AFTER_ROUND,
    CF_HEAVY_THREE_DICE, CF_CLASSIC_BOMBARD, CF_AA_GUN_CARRIED, CF_TRANSPORT_FIRES,
)

# name, cost, attack, defense, move, hits, kind, abilities, max damage
UNITS = (
    ("infantry", 3, 1, 2, 1, 1, LAND, AB_CAPTURES, 0),                                  # CL-U-01
    ("armor", 5, 3, 2, 2, 1, LAND, AB_CAPTURES | AB_BLITZ, 0),                          # CL-U-02
    ("antiaircraft_gun", 5, 0, 1, 1, 1, LAND, AB_AA, 0),                                # CL-U-10/11
    ("fighter", 12, 3, 4, 4, 1, AIR, AB_FIGHTER | AB_CARRIER_AIR, 0),                  # CL-U-30
    ("bomber", 15, 4, 1, 6, 1, AIR, AB_STRATEGIC, 0),                                   # CL-U-40
    ("battleship", 24, 4, 4, 2, 1, SEA, AB_BOMBARD | AB_SURFACE_WARSHIP, 0),            # CL-U-50
    ("aircraft_carrier", 18, 1, 3, 2, 1, SEA, AB_CARRIER | AB_SURFACE_WARSHIP, 0),      # CL-U-60
    ("submarine", 8, 2, 2, 2, 1, SEA, AB_SUBMARINE, 0),                                 # CL-U-80
    ("transport", 8, 0, 1, 2, 1, SEA, AB_TRANSPORT | AB_NEEDS_ESCORT, 0),               # CL-U-70
    ("industrial_complex", 15, 0, 0, 0, 0, FACILITY, AB_IC, 0),                         # CL-U-20
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

COMBAT_FLAGS = (CF_AA_EACH_PLANE | CF_SUB_ATTACK_FIRST_SHOT | CF_SUB_WITHDRAW_AFTER_ROUND
                | CF_HEAVY_THREE_DICE | CF_CLASSIC_BOMBARD | CF_AA_GUN_CARRIED | CF_TRANSPORT_FIRES)
