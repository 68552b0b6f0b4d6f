"""Pacific 1940 units (P40-U-01..17, rulebook unit profiles; 003 confirms them).

Order is the canonical unit order of the edition (a unit id is the index).
"""
from engine_core.units import (
    LAND, AIR, SEA, FACILITY,
    AB_CAPTURES, AB_SUPPORTABLE, AB_ARTILLERY, AB_AA, AB_SUBMARINE, AB_DESTROYER,
    AB_TRANSPORT, AB_CARRIER, AB_BOMBARD, AB_TAC_BOMBER, AB_PAIRS_TAC, AB_STRATEGIC,
    AB_FIGHTER, AB_CARRIER_AIR, AB_NEEDS_ESCORT, AB_SURFACE_WARSHIP, AB_BLITZ, AB_IC,
    AB_MINOR, AB_AIR_BASE, AB_NAVAL_BASE, AB_TACTICAL_RAID,
    CF_AAA_THREE_SHOTS, CF_SUB_SURPRISE, CF_DESTROYER, CF_SUB_SUBMERGE_BEFORE_FIRE,
    CF_TWO_HIT_BATTLESHIP, CF_TWO_HIT_CARRIER, CF_TRANSPORT_DEFENSELESS, CF_AIR_NEEDS_DESTROYER,
    CF_ARTILLERY, CF_TAC_PAIRING, CF_BOMBARD_PER_LAND_UNIT, CF_BOMBARD_CRUISER, CF_KAMIKAZE,
    CF_SCRAMBLE,
)

_SHIP = AB_SURFACE_WARSHIP

# name, cost, attack, defense, move, hits, kind, abilities, max damage
UNITS = (
    ("infantry", 3, 1, 2, 1, 1, LAND, AB_CAPTURES | AB_SUPPORTABLE, 0),                      # P40-U-01
    ("artillery", 4, 2, 2, 1, 1, LAND, AB_CAPTURES | AB_ARTILLERY, 0),                       # P40-U-02
    ("mechanized_infantry", 4, 1, 2, 2, 1, LAND, AB_CAPTURES | AB_SUPPORTABLE | AB_BLITZ, 0),  # P40-U-03
    ("tank", 6, 3, 3, 2, 1, LAND, AB_CAPTURES | AB_BLITZ | AB_PAIRS_TAC, 0),                  # P40-U-04
    ("aaa", 5, 0, 0, 1, 1, LAND, AB_AA, 0),                                                   # P40-U-05
    ("fighter", 10, 3, 4, 4, 1, AIR, AB_FIGHTER | AB_CARRIER_AIR | AB_PAIRS_TAC, 0),         # P40-U-06
    ("tactical_bomber", 11, 3, 3, 4, 1, AIR, AB_TAC_BOMBER | AB_CARRIER_AIR | AB_TACTICAL_RAID, 0),  # P40-U-07
    ("strategic_bomber", 12, 4, 1, 6, 1, AIR, AB_STRATEGIC, 0),                              # P40-U-08
    ("battleship", 20, 4, 4, 2, 2, SEA, AB_BOMBARD | _SHIP, 0),                              # P40-U-09
    ("aircraft_carrier", 16, 0, 2, 2, 2, SEA, AB_CARRIER | AB_NEEDS_ESCORT | _SHIP, 0),      # P40-U-10
    ("cruiser", 12, 3, 3, 2, 1, SEA, AB_BOMBARD | _SHIP, 0),                                 # P40-U-11
    ("destroyer", 8, 2, 2, 2, 1, SEA, AB_DESTROYER | _SHIP, 0),                              # P40-U-12
    ("submarine", 6, 2, 1, 2, 1, SEA, AB_SUBMARINE, 0),                                      # P40-U-13
    ("transport", 7, 0, 0, 2, 1, SEA, AB_TRANSPORT | AB_NEEDS_ESCORT, 0),                    # P40-U-14
    ("major_industrial_complex", 30, 0, 0, 0, 0, FACILITY, AB_IC, 20),                       # P40-U-15
    ("minor_industrial_complex", 12, 0, 0, 0, 0, FACILITY, AB_IC | AB_MINOR, 6),             # P40-U-15
    ("air_base", 15, 0, 0, 0, 0, FACILITY, AB_AIR_BASE, 6),                                  # P40-U-16
    ("naval_base", 15, 0, 0, 0, 0, FACILITY, AB_NAVAL_BASE, 6),                              # P40-U-17
)

ALIASES = (
    ("armor", "tank"),
    ("antiaircraft_gun", "aaa"),
    ("aa_gun", "aaa"),
    ("aa", "aaa"),
    ("bomber", "strategic_bomber"),
    ("mech", "mechanized_infantry"),
    ("tac", "tactical_bomber"),
    ("tactical", "tactical_bomber"),
    ("carrier", "aircraft_carrier"),
    ("sub", "submarine"),
    ("bb", "battleship"),
    ("ic", "major_industrial_complex"),
    ("major_ic", "major_industrial_complex"),
    ("minor_ic", "minor_industrial_complex"),
    ("industrial_complex", "major_industrial_complex"),
)

COMBAT_FLAGS = (CF_AAA_THREE_SHOTS | CF_SUB_SURPRISE | CF_DESTROYER | CF_SUB_SUBMERGE_BEFORE_FIRE
                | CF_TWO_HIT_BATTLESHIP | CF_TWO_HIT_CARRIER | CF_TRANSPORT_DEFENSELESS
                | CF_AIR_NEEDS_DESTROYER | CF_ARTILLERY | CF_TAC_PAIRING | CF_BOMBARD_PER_LAND_UNIT
                | CF_BOMBARD_CRUISER | CF_KAMIKAZE | CF_SCRAMBLE)
